// A module loaded once, whichever caller asks first, for code that calls again when it needs it (the sync engine's
// parts) rather than waiting: a failed load is forgotten, and the next call loads it again. A browser that keeps a
// failed module fetch (Chromium 150 and 155 do, as the HTML standard's module map says; 156.0.8078.114 asks the network
// again) fails every later import() of that chunk without asking the network; only a new document loads it. So after a
// failure the module is asked for again as the connection comes back, and if that fails too, or a call after it, the
// document is loaded anew, at most once a minute. (Not sooner: the page would not load while the connection is still
// gone.) No DOM types here: the engine runs in the service worker too, which has no document to load anew.
import { once } from './once.ts';

/** What the loaders need of the place they run in: a page, or a worker. */
export interface ModuleHost {
  isOnline(): boolean;
  /** Resolves at the next `online` event. */
  backOnline(): Promise<void>;
  /** How many `online` events the page has heard. */
  timesBackOnline(): number;
  /** Loads the document anew, unless it did so for a failed load in the last minute: says whether it does. */
  reload(): boolean;
}

/** sessionStorage's key for when the document was last loaded anew for a chunk that did not load. */
const RELOADED_AT_KEY = 'guap:reloaded-for-code';
const RELOAD_AT_MOST_EVERY_MS = 60_000;

/**
 * The global scope, page or worker, as far as the loaders use it: a worker has no sessionStorage and no reload, and
 * the server rendering the first page (Node) has no events either.
 */
interface Scope {
  navigator: { onLine: boolean };
  addEventListener?(type: 'online', listener: () => void, options?: { once: boolean }): void;
  sessionStorage?: { getItem(key: string): string | null; setItem(key: string, value: string): void };
  location?: { reload?: () => void };
}

let timesBackOnline: number | undefined;

/** The running scope as a host: a page's, or a worker's, which never loads anew. */
export function scopeHost(): ModuleHost {
  const scope = globalThis as unknown as Scope;
  if (timesBackOnline === undefined) {
    timesBackOnline = 0;
    scope.addEventListener?.('online', () => (timesBackOnline! += 1));
  }
  return {
    isOnline: () => scope.navigator.onLine,
    backOnline: () => new Promise((resolve) => scope.addEventListener?.('online', () => resolve(), { once: true })),
    timesBackOnline: () => timesBackOnline!,
    reload: () => {
      const { sessionStorage, location } = scope;
      if (!sessionStorage || !location?.reload) return false;
      const last = Number(sessionStorage.getItem(RELOADED_AT_KEY) ?? 0);
      if (Date.now() - last < RELOAD_AT_MOST_EVERY_MS) return false;
      sessionStorage.setItem(RELOADED_AT_KEY, String(Date.now()));
      location.reload();
      return true;
    },
  };
}

/**
 * A load failed again after the connection came back (an `online` event since `backOnlineAt`, the count at the first
 * failure): the document is loaded anew, unless the browser is offline or it was in the last minute. Says whether.
 */
export function reloadIfCameBack(host: ModuleHost, backOnlineAt: number): boolean {
  return host.isOnline() && host.timesBackOnline() > backOnlineAt && host.reload();
}

/** What the caller of a load that reloads the document waits on: the page goes before it settles. */
export const pageGoes = (): Promise<never> => new Promise<never>(() => undefined);

export function importOnce<T>(load: () => Promise<T>, host: ModuleHost = scopeHost()): () => Promise<T> {
  const module = once(load);
  let backOnlineAtFailure: number | undefined;
  return () =>
    module().catch(async (error: unknown) => {
      if (backOnlineAtFailure === undefined) {
        const at = (backOnlineAtFailure = host.timesBackOnline());
        void host
          .backOnline()
          .then(module)
          .then(
            () => (backOnlineAtFailure = undefined),
            () => reloadIfCameBack(host, at),
          );
      } else if (reloadIfCameBack(host, backOnlineAtFailure)) {
        return await pageGoes();
      }
      throw error;
    });
}
