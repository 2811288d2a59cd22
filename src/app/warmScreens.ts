// Loads every screen's chunk once the first screen is up and the main thread is idle, so that opening a screen does
// not wait for its chunk (from the service worker's cache, or the network on a first visit). One screen at a time,
// each in an idle period of its own: a chunk's code runs when it arrives, and all of them at once held the page's
// thread for a long task. Offline without a service worker the chunks cannot come, and a failed import would stay
// failed, so then nothing is loaded ahead.
import type { AnyRoute, AnyRouter } from '@tanstack/react-router';
import { whenIdle } from '../lib/whenIdle.ts';
import { logErrorLater } from '../state/errors/logErrorLater.ts';

/** Screens only staff or developers open are left to load when opened. */
const NOT_AHEAD = /debug|test-|check-storage|admin\//;

export function warmScreens(router: AnyRouter) {
  const routes = Object.values<AnyRoute>(router.routesById).filter((route) => !NOT_AHEAD.test(route.fullPath));
  const warm = (at: number) => {
    const route = routes[at];
    if (!route) return;
    whenIdle(() => {
      if (!navigator.onLine && !navigator.serviceWorker?.controller) return;
      Promise.resolve(router.loadRouteChunk(route))
        .catch((error: unknown) => logErrorLater(error, 'Could not load a screen ahead'))
        .finally(() => warm(at + 1));
    }, 5_000);
  };
  warm(0);
}
