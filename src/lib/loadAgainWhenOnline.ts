// A chunk loaded after the first paint (a component given to React.lazy) that could not arrive, because the
// connection dropped, is loaded again once the connection is back. Given to React.lazy as it is, the failed load
// throws to the route's error page, which then stands in place of the whole screen though only a search box or a
// toaster was missing; meanwhile the component's Suspense fallback shows. The browser keeps no failed module fetch
// (Chromium's module map forgets it), so the same import() fetches the chunk anew.

/** While the browser says it is online, the waits before each new try; after the last, the failure is thrown. */
export const RETRY_AFTER_MS = [1_000, 2_000, 5_000, 10_000];

export interface Connection {
  isOnline(): boolean;
  /** Resolves at the next `online` event. */
  backOnline(): Promise<void>;
  sleep(ms: number): Promise<void>;
  /** What a failed load left behind that would make the next one fail too. */
  forget(error: unknown): void;
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
    for (;;) {
      try {
        return await load();
      } catch (error) {
        // Not swallowed: the load is tried again, and its failure thrown once the tries while online run out.
        connection.forget(error);
        const online = connection.isOnline();
        if (online && failedOnline >= RETRY_AFTER_MS.length) throw error;
        await (online ? connection.sleep(RETRY_AFTER_MS[failedOnline++]!) : connection.backOnline());
      }
    }
  };
}

/**
 * Vite loads a chunk's stylesheets first, each by a <link> it adds once; a link that failed stays in the document,
 * and Vite would skip it on the next try, leaving the component unstyled. Removed, it is added and fetched anew.
 */
function forgetFailedStylesheet(error: unknown) {
  const url = error instanceof Error ? /^Unable to preload CSS for (\S+)$/.exec(error.message)?.[1] : undefined;
  if (!url) return;
  for (const link of document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')) {
    if (link.href === url) link.remove();
  }
}

function browserConnection(): Connection {
  return {
    isOnline: () => navigator.onLine,
    backOnline: () => new Promise((resolve) => window.addEventListener('online', () => resolve(), { once: true })),
    sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
    forget: forgetFailedStylesheet,
  };
}
