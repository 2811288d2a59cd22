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

/** One row of a store of the page's mirror, or undefined when the mirror does not hold it. */
function mirroredRow<T>(page: Page, store: string, key: string): Promise<T | undefined> {
  return page.evaluate(
    ({ store, key }) =>
      new Promise<T | undefined>((resolve, reject) => {
        const open = indexedDB.open('guap-mirror');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const get = db.transaction(store).objectStore(store).get(key);
          get.onerror = () => reject(get.error);
          get.onsuccess = () => {
            db.close();
            resolve(get.result as T | undefined);
          };
        };
      }),
    { store, key },
  );
}

/** The slug of a thread in the page's mirror, or null when the mirror does not hold it. */
export async function mirroredSlug(page: Page, threadId: string): Promise<string | null> {
  return (await mirroredRow<{ slug: string }>(page, 'threads', threadId))?.slug ?? null;
}

/** The member's read position of a thread in the page's mirror, or null when the mirror holds none. */
export async function mirroredReadPosition(page: Page, threadId: string): Promise<number | null> {
  return (
    (await mirroredRow<{ last_read_post_number: number }>(page, 'threadReads', threadId))?.last_read_post_number ?? null
  );
}
