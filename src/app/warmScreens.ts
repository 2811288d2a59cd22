// Loads every screen's chunk once the first screen is up and the main thread is idle, so that opening a screen does
// not wait for its chunk (from the service worker's cache, or the network on a first visit). Offline without a
// service worker the chunks cannot come, and a failed import would stay failed, so then nothing is loaded ahead.
import type { AnyRoute, AnyRouter } from '@tanstack/react-router';
import { whenIdle } from '../lib/whenIdle.ts';
import { logErrorLater } from '../state/errors/logErrorLater.ts';

/** Screens only staff or developers open are left to load when opened. */
const NOT_AHEAD = /debug|test-|check-storage|admin\//;

export function warmScreens(router: AnyRouter) {
  whenIdle(() => {
    if (!navigator.onLine && !navigator.serviceWorker?.controller) return;
    for (const route of Object.values<AnyRoute>(router.routesById)) {
      if (NOT_AHEAD.test(route.fullPath)) continue;
      router.loadRouteChunk(route)?.catch((error: unknown) => logErrorLater(error, 'Could not load a screen ahead'));
    }
  }, 5_000);
}
