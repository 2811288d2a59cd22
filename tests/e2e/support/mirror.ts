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

/** How a queued reply stands in the page's outbox: its send attempts, when it may go next and why its last send
 * failed; null when it left. */
export interface OutboxReply {
  attempts: number;
  notBefore: number;
  unanswered?: boolean;
  lastError?: string;
}

export function outboxReplyWith(page: Page, content: string): Promise<OutboxReply | null> {
  return page.evaluate(
    (content) =>
      new Promise<OutboxReply | null>((resolve, reject) => {
        const open = indexedDB.open('guap-mirror');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const all = open.result.transaction('outbox').objectStore('outbox').getAll();
          all.onerror = () => reject(all.error);
          all.onsuccess = () => {
            open.result.close();
            const entry = (all.result as ({ write: { post?: { content?: string } } } & OutboxReply)[]).find(
              (e) => e.write.post?.content === content,
            );
            resolve(
              entry
                ? {
                    attempts: entry.attempts,
                    notBefore: entry.notBefore,
                    unanswered: entry.unanswered,
                    lastError: entry.lastError,
                  }
                : null,
            );
          };
        };
      }),
    content,
  );
}

/**
 * Puts off the next send of a queued reply until `notBefore`, as a long run of failures would, under the outbox's
 * lock (`lock`), which every send holds until it has settled its entry: no send still under way can undo it.
 */
export function putOffOutboxReply(page: Page, content: string, notBefore: number, lock: string): Promise<void> {
  return page.evaluate(
    ({ content, notBefore, lock }) =>
      navigator.locks.request(
        lock,
        () =>
          new Promise<void>((resolve, reject) => {
            const open = indexedDB.open('guap-mirror');
            open.onerror = () => reject(open.error);
            open.onsuccess = () => {
              const tx = open.result.transaction('outbox', 'readwrite');
              tx.objectStore('outbox').openCursor().onsuccess = (event) => {
                const cursor = (event.target as IDBRequest<IDBCursorWithValue | null>).result;
                if (!cursor) return;
                const value = cursor.value as { write: { post?: { content?: string } } };
                if (value.write.post?.content === content) cursor.update({ ...value, notBefore });
                cursor.continue();
              };
              tx.oncomplete = () => {
                open.result.close();
                resolve();
              };
              tx.onerror = () => reject(tx.error);
            };
          }),
      ),
    { content, notBefore, lock },
  );
}
