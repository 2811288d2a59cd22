// A chunk loaded after the first paint (a component given to React.lazy) that could not arrive, because the connection
// dropped, is loaded again once the connection is back. Given to React.lazy as it is, the failed load throws to the
// route's error page, which then stands in place of the whole screen though only a search box or a toaster was missing;
// meanwhile the component's Suspense fallback shows. A browser that keeps a failed module fetch (Chromium 150 and 155
// do, as the HTML standard's module map says; 156.0.8078.114 asks the network again) fails every later import() of that
// chunk without asking the network: when the try made as the connection came back fails too, the document is loaded
// anew, at most once a minute (importOnce.ts's host). (Not sooner: the page would not load while the connection is
// still gone.)
import { pageGoes, reloadIfCameBack, scopeHost, type ModuleHost } from './importOnce.ts';

/** While the browser says it is online, the waits before each new try; after the last, the failure is thrown. */
export const RETRY_AFTER_MS = [1_000, 2_000, 5_000, 10_000];

export interface Connection extends ModuleHost {
  sleep(ms: number): Promise<void>;
  /** Puts back, before a new try, what a failed one left broken: the stylesheets that did not load. */
  restore(): Promise<void>;
}

/**
 * `load` again and again, each time the browser comes back online; while it says it is online (a server that did
 * not answer, a chunk that is gone), a few times more, then the failure is the caller's.
 */
export function loadAgainWhenOnline<T>(
  load: () => Promise<T>,
  connection: Connection = browserConnection(),
): () => Promise<T> {
  return async () => {
    let failedOnline = 0;
    let backOnlineAtFirstFailure: number | undefined;
    for (let tries = 0; ; tries += 1) {
      try {
        if (tries > 0) await connection.restore();
        return await load();
      } catch (error) {
        // Not swallowed: the load is tried again, and its failure thrown once the tries while online run out.
        const online = connection.isOnline();
        backOnlineAtFirstFailure ??= connection.timesBackOnline();
        // Failed again after the connection came back: the page goes; until then the caller waits, as for the chunk.
        if (reloadIfCameBack(connection, backOnlineAtFirstFailure)) return await pageGoes();
        if (online && failedOnline >= RETRY_AFTER_MS.length) throw error;
        await (online ? connection.sleep(RETRY_AFTER_MS[failedOnline++]!) : connection.backOnline());
      }
    }
  };
}

/**
 * The stylesheet links that failed to load. Vite loads a chunk's stylesheets first, each by a <link> it tries once
 * in a page's life: on the next try of the chunk it skips them, and the component would show unstyled.
 */
const failedStylesheets = new Set<HTMLLinkElement>();

function watchStylesheets() {
  // The error of a <link> does not bubble: it is heard on its way down.
  document.addEventListener(
    'error',
    ({ target }) => {
      if (target instanceof HTMLLinkElement && target.rel === 'stylesheet') failedStylesheets.add(target);
    },
    true,
  );
}

/** Each failed stylesheet in a new <link>, which the browser fetches again; settles once they all have. */
async function reloadFailedStylesheets() {
  const failed = [...failedStylesheets];
  failedStylesheets.clear();
  await Promise.all(
    failed.map(
      (link) =>
        new Promise<void>((settled) => {
          const fresh = link.cloneNode() as HTMLLinkElement;
          fresh.addEventListener('load', () => settled());
          // One that fails again is heard by the watch, and loaded again at the next try.
          fresh.addEventListener('error', () => settled());
          link.replaceWith(fresh);
        }),
    ),
  );
}

let watching = false;

function browserConnection(): Connection {
  // The server renders the shell too, with no document: nothing there ever loads late.
  if (!watching && typeof document !== 'undefined') {
    watching = true;
    watchStylesheets();
  }
  return {
    ...scopeHost(),
    sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
    restore: reloadFailedStylesheets,
  };
}
