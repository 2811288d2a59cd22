// The service worker: the precached app shell for every route, one cache per kind of asset, update hand-over, and
// push notifications.
/// <reference lib="webworker" />
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import './apiRoutes.ts';
import './backgroundSync.ts';
import './notifications.ts';

declare const self: ServiceWorkerGlobalScope;

// Every built asset, route chunks included: any screen opens offline, not only the ones visited.
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// Navigations get the cached shell at once; the app then renders from the mirror. The API paths are never pages.
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('/index.html'), {
    denylist: [/^\/(rest|auth|storage|local|functions)\//],
  }),
);

// Uploaded images and avatars: their URLs never change content (uploads do not overwrite), so cache first.
// 500 entries or 30 days, whichever comes first; dropped early when the browser runs short of quota.
registerRoute(
  ({ url, request }) => request.destination === 'image' && url.pathname.startsWith('/storage/v1/object/public/'),
  new CacheFirst({
    cacheName: 'guap-uploaded-images',
    plugins: [
      new CacheableResponsePlugin({ statuses: [0, 200] }),
      new ExpirationPlugin({ maxEntries: 500, maxAgeSeconds: 30 * 24 * 3600, purgeOnQuotaError: true }),
    ],
  }),
);

// The local stack's backend config: from the network when it answers (a new data folder brings a new anon key),
// else the last answer, so an offline start never fails a request even when navigator.onLine says online.
registerRoute(
  ({ url, sameOrigin }) => sameOrigin && url.pathname === '/local/v1/config',
  new NetworkFirst({ cacheName: 'guap-backend-config', plugins: [new CacheableResponsePlugin({ statuses: [200] })] }),
);

// Not cached here, on purpose: REST and auth (the IndexedDB mirror is the data cache, and stale API answers would
// fight it; apiRoutes.ts keeps them away from this worker altogether), and the YouTube embed (played only on demand, and never worth storage).

self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});
clientsClaim();
