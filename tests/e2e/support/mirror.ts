// Reads the page's mirror (IndexedDB 'guap-mirror') from a test, as the app left it.
import type { Page } from '@playwright/test';

/** How many writes wait in the page's outbox: none left means nothing can be sent again. */
export function outboxSize(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open('guap-mirror');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const count = db.transaction('outbox').objectStore('outbox').count();
          count.onerror = () => reject(count.error);
          count.onsuccess = () => {
            db.close();
            resolve(count.result);
          };
        };
      }),
  );
}

/** The slug of a thread in the page's mirror, or null when the mirror does not hold it. */
export function mirroredSlug(page: Page, threadId: string): Promise<string | null> {
  return page.evaluate(
    (id) =>
      new Promise<string | null>((resolve, reject) => {
        const open = indexedDB.open('guap-mirror');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const get = db.transaction('threads').objectStore('threads').get(id);
          get.onerror = () => reject(get.error);
          get.onsuccess = () => {
            db.close();
            resolve((get.result as { slug: string } | undefined)?.slug ?? null);
          };
        };
      }),
    threadId,
  );
}
