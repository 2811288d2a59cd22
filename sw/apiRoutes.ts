// The backend's API never passes through this worker. Where the browser has the Static Routing API, these requests
// skip the fetch event, so they never wake the worker. That matters for updates: Chromium swaps in a new worker only
// once the old one is idle (or after 5 minutes), and the sync engine's retries used to keep waking the old one, so a
// member's Update click could sit unanswered. It also spares every API call the wait for the worker to start.
/// <reference lib="webworker" />

// A module, not a script: its names stay its own (sw.ts imports it for its listener).
export {};

declare const self: ServiceWorkerGlobalScope;

interface RouterRule {
  condition: { urlPattern: URLPattern };
  source: 'network';
}

interface RoutableInstallEvent extends ExtendableEvent {
  addRoutes?(rules: RouterRule[]): Promise<void>;
}

/** On any origin: a hosted project's API lives on its own. Uploaded images stay with the worker (cached). */
const API_PATHS = ['/rest/*', '/auth/*', '/functions/*'];

self.addEventListener('install', (event) => {
  const install = event as RoutableInstallEvent;
  if (!install.addRoutes) return;
  const rules = API_PATHS.map((pathname): RouterRule => ({
    condition: { urlPattern: new URLPattern({ pathname }) },
    source: 'network',
  }));
  // A browser that refuses the rules still installs the worker: the API then passes through it as before.
  install.waitUntil(install.addRoutes(rules).catch((error: unknown) => console.warn('API routes refused', error)));
});
