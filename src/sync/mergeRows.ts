// How pulled rows of the member's own tables meet what this device holds, and what a deletion takes with it.
import type { Row } from '../backend/database.ts';
import type { Mirror } from '../data/mirror.ts';
import { postsOfThread } from '../data/queries/posts.ts';
import { toNotificationRow } from '../data/rows.ts';
import type { LikeRow, NotificationRow } from '../data/types.ts';
import { inChunks } from './chunks.ts';
import { bookmarkTarget } from './kinds/bookmark.ts';
import { pendingTargets } from './pending.ts';

/** The member's own likes; a like of a post whose like or unlike still waits here is left as this device has it. */
export async function mergeLikes(db: Mirror, rows: LikeRow[]) {
  await inChunks(rows, (chunk) =>
    db.transaction('rw', [db.likes, db.outbox], async () => {
      const pending = await pendingTargets(db);
      await db.likes.bulkPut(chunk.filter((r) => !pending.has(r.post_id)));
    }),
  );
}

/** The member's read positions: a row only ever rises, so the higher of this device's and the server's is kept. */
export async function mergeThreadReads(db: Mirror, rows: Row<'thread_reads'>[]) {
  await inChunks(rows, (chunk) =>
    db.transaction('rw', [db.threadReads], async () => {
      const current = await db.threadReads.bulkGet(chunk.map((r) => r.thread_id));
      const merged = chunk.map((row, i) => {
        const here = current[i];
        return here && here.last_read_post_number > row.last_read_post_number ? here : row;
      });
      await db.threadReads.bulkPut(merged);
    }),
  );
}

/** The member's bookmarks; one whose bookmark or removal still waits here is left as this device has it. */
export async function mergeBookmarks(db: Mirror, rows: Row<'bookmarks'>[]) {
  await inChunks(rows, (chunk) => mergeBookmarkChunk(db, chunk));
}

async function mergeBookmarkChunk(db: Mirror, rows: Row<'bookmarks'>[]) {
  await db.transaction('rw', [db.bookmarks, db.outbox], async () => {
    const pending = await pendingTargets(db);
    const fresh = rows.filter((r) => !pending.has(bookmarkTarget(r.post_id)));
    // Another device's bookmark of a post this device bookmarked too: one per post, the server's.
    const doubles = await db.bookmarks
      .where('post_id')
      .anyOf(fresh.map((r) => r.post_id))
      .filter((b) => !fresh.some((r) => r.id === b.id))
      .primaryKeys();
    await db.bookmarks.bulkDelete(doubles);
    await db.bookmarks.bulkPut(fresh);
  });
}

/**
 * The member's notifications. Read is final on the server, so a row this device marked read stays read while the
 * mark waits to be sent; a push the service worker counted is no longer counted once its row is here.
 */
export async function mergeNotifications(db: Mirror, rows: Row<'notifications'>[]) {
  await inChunks(rows, (chunk) =>
    db.transaction('rw', [db.notifications, db.pushedNotifications], async () => {
      const current = await db.notifications.bulkGet(chunk.map((r) => r.id));
      const merged = chunk.map((row, i): NotificationRow => {
        const here = current[i];
        const fresh = toNotificationRow(row);
        return here?.read_at && !fresh.read_at ? { ...fresh, read_at: here.read_at, _unread: 0 } : fresh;
      });
      await db.notifications.bulkPut(merged);
      await db.pushedNotifications.bulkDelete(chunk.map((r) => r.id));
    }),
  );
}

/** Deleted posts take the member's likes and bookmarks of them along. */
export async function removePosts(db: Mirror, ids: string[]) {
  await db.likes.where('post_id').anyOf(ids).delete();
  await db.bookmarks.where('post_id').anyOf(ids).delete();
  await db.posts.bulkDelete(ids);
}

/** Deleted threads take their posts (and what those take), and the member's read position in them. */
export async function removeThreads(db: Mirror, ids: string[]) {
  const postIds: string[] = [];
  for (const id of ids) postIds.push(...((await postsOfThread(db, id).primaryKeys()) as string[]));
  await removePosts(db, postIds);
  await db.keptThreads.bulkDelete(ids);
  await db.threadReads.bulkDelete(ids);
  await db.bookmarks.where('thread_id').anyOf(ids).delete();
  await db.threads.bulkDelete(ids);
}
