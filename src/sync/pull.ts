// Incremental pull: every change with cursor <= sync_txid < watermark, per table, then the deletions in that window.
import type { PostgrestError } from '@supabase/supabase-js';
import type { ForumClient } from '../backend/client.ts';
import { LIKE_COLUMNS } from '../backend/likes.ts';
import type { Row } from '../backend/database.ts';
import { postsOfThread } from '../data/queries/posts.ts';
import { AppError } from '../backend/errors.ts';
import type { Mirror } from '../data/mirror.ts';
import { toMessageRow, toNotificationRow, toThreadRow } from '../data/rows.ts';
import type { LikeRow, NotificationRow, SyncedTable } from '../data/types.ts';
import {
  CATEGORY_COLUMNS,
  MESSAGE_COLUMNS,
  NOTIFICATION_COLUMNS,
  POST_COLUMNS,
  PROFILE_COLUMNS,
  THREAD_COLUMNS,
  THREAD_READ_COLUMNS,
  BOOKMARK_COLUMNS,
  TOMBSTONE_COLUMNS,
} from './columns.ts';
import { bookmarkTarget } from './kinds/bookmark.ts';
import { pendingTargets } from './pending.ts';
import { checked } from './request.ts';

interface PullContext {
  db: Mirror;
  client: ForumClient;
  /** The signed-in member, whose messages and likes RLS lets through; null pulls public data only. */
  userId: string | null;
  pageSize: number;
  onProgress?: (progress: PullProgress) => void;
}

interface PullProgress {
  table: SyncedTable;
  rows: number;
}

type Tombstone = Pick<Row<'sync_tombstones'>, 'table_name' | 'row_id' | 'sync_txid'>;

/** The part of a supabase-js select a window reads through; each table's caller makes it, typed by its columns. */
interface WindowQuery<T> extends PromiseLike<{ data: T[] | null; error: PostgrestError | null; status: number }> {
  gte(column: 'sync_txid', value: number): this;
  lt(column: 'sync_txid', value: number): this;
  order(column: string): this;
  limit(count: number): this;
  or(filters: string): this;
  retry(enabled: boolean): this;
}

/** The oldest transaction still running: no change below it can appear any more. */
async function fetchWatermark(client: ForumClient): Promise<number> {
  const { data, error, status } = await client.rpc('sync_watermark');
  checked(error, status);
  if (typeof data !== 'number') throw new AppError('bug', 'sync_watermark returned no number');
  return data;
}

async function cursorOf(db: Mirror, table: SyncedTable): Promise<number> {
  return (await db.cursors.get(table))?.txid ?? 0;
}

/** Moves a cursor, keeping what else its row records (the owner of a private table). */
async function advance(db: Mirror, table: SyncedTable, txid: number) {
  await db.cursors.put({ ...(await db.cursors.get(table)), table, txid });
}

/**
 * Reads one table's window page by page, keyed on (sync_txid, key), and hands each page to `store`.
 * The cursor moves to the watermark only once every page is stored, so an interrupted pull repeats, never skips.
 */
async function pullWindow<T extends { sync_txid: number }>(
  ctx: PullContext,
  table: SyncedTable,
  select: () => WindowQuery<T>,
  key: keyof T & string,
  watermark: number,
  store: (rows: T[]) => Promise<void>,
): Promise<void> {
  const from = await cursorOf(ctx.db, table);
  if (from >= watermark) return;
  let after: T | undefined;
  let total = 0;
  for (;;) {
    let query = select()
      .gte('sync_txid', from)
      .lt('sync_txid', watermark)
      .order('sync_txid')
      .order(key)
      .limit(ctx.pageSize);
    if (after) {
      const txid = after.sync_txid;
      query = query.or(`sync_txid.gt.${txid},and(sync_txid.eq.${txid},${key}.gt.${String(after[key])})`);
    }
    const { data, error, status } = await query.retry(false);
    checked(error, status);
    const rows = data ?? [];
    await store(rows);
    total += rows.length;
    ctx.onProgress?.({ table, rows: total });
    if (rows.length < ctx.pageSize) break;
    after = rows[rows.length - 1];
  }
  await advance(ctx.db, table, watermark);
}

/** Puts rows into a mirror table, leaving alone the ones a waiting write of this device is about to change. */
async function putUnlessPending<T extends { id: string; sync_txid: number }>(
  ctx: PullContext,
  table: 'categories' | 'profiles' | 'threads' | 'posts' | 'messages',
  rows: T[],
): Promise<void> {
  if (rows.length === 0) return;
  const store = ctx.db.table(table);
  await ctx.db.transaction('rw', [store, ctx.db.outbox], async () => {
    const pending = await pendingTargets(ctx.db);
    const current = (await store.bulkGet(rows.map((r) => r.id))) as ({ sync_txid: number } | undefined)[];
    // A row only moves forward: a page read before a push settled must not put back the older version.
    const newer = rows.filter((row, i) => !pending.has(row.id) && !(row.sync_txid < (current[i]?.sync_txid ?? 0)));
    await store.bulkPut(newer);
  });
}

async function pullThreads(ctx: PullContext, watermark: number) {
  await pullWindow(
    ctx,
    'threads',
    () => ctx.client.from('threads').select(THREAD_COLUMNS),
    'id',
    watermark,
    async (rows) => {
      const categories = await ctx.db.categories.bulkGet([...new Set(rows.map((r) => r.category_id))]);
      const typeOf = new Map(categories.filter((c) => c !== undefined).map((c) => [c.id, c.type]));
      await putUnlessPending(
        ctx,
        'threads',
        rows.map((r) => toThreadRow(r, typeOf.get(r.category_id))),
      );
    },
  );
}

/**
 * Post changes of the threads whose posts this device keeps. The first pull skips this window: the posts of the
 * kept threads are then fetched whole (keepThreadPosts), after the watermark, so nothing falls between the two.
 */
async function pullPosts(ctx: PullContext, watermark: number) {
  if ((await cursorOf(ctx.db, 'posts')) === 0) {
    await advance(ctx.db, 'posts', watermark);
    return;
  }
  const posts = () => ctx.client.from('posts').select(POST_COLUMNS);
  await pullWindow(ctx, 'posts', posts, 'id', watermark, async (rows) => {
    const kept = new Set((await ctx.db.keptThreads.toCollection().primaryKeys()) as string[]);
    await putUnlessPending(
      ctx,
      'posts',
      rows.filter((r) => kept.has(r.thread_id)),
    );
  });
}

async function pullMessages(ctx: PullContext, watermark: number) {
  const messages = () => ctx.client.from('messages').select(MESSAGE_COLUMNS);
  await pullWindow(ctx, 'messages', messages, 'id', watermark, (rows) =>
    putUnlessPending(ctx, 'messages', rows.map(toMessageRow)),
  );
}

/** The member's own likes; a like of a post whose like or unlike still waits here is left as this device has it. */
async function pullLikes(ctx: PullContext, watermark: number) {
  const likes = () => ctx.client.from('post_likes').select(LIKE_COLUMNS);
  await pullWindow(ctx, 'post_likes', likes, 'id', watermark, async (rows: LikeRow[]) => {
    if (rows.length === 0) return;
    const { db } = ctx;
    await db.transaction('rw', [db.likes, db.outbox], async () => {
      const pending = await pendingTargets(db);
      await db.likes.bulkPut(rows.filter((r) => !pending.has(r.post_id)));
    });
  });
}

/** The member's read positions: a row only ever rises, so the higher of this device's and the server's is kept. */
async function pullThreadReads(ctx: PullContext, watermark: number) {
  const reads = () => ctx.client.from('thread_reads').select(THREAD_READ_COLUMNS);
  await pullWindow(ctx, 'thread_reads', reads, 'thread_id', watermark, async (rows) => {
    if (rows.length === 0) return;
    const { db } = ctx;
    await db.transaction('rw', [db.threadReads], async () => {
      const current = await db.threadReads.bulkGet(rows.map((r) => r.thread_id));
      const merged = rows.map((row, i) => {
        const here = current[i];
        return here && here.last_read_post_number > row.last_read_post_number ? here : row;
      });
      await db.threadReads.bulkPut(merged);
    });
  });
}

/** The member's bookmarks; one whose bookmark or removal still waits here is left as this device has it. */
async function pullBookmarks(ctx: PullContext, watermark: number) {
  const bookmarks = () => ctx.client.from('bookmarks').select(BOOKMARK_COLUMNS);
  await pullWindow(ctx, 'bookmarks', bookmarks, 'id', watermark, async (rows) => {
    if (rows.length === 0) return;
    const { db } = ctx;
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
  });
}

/**
 * The member's notifications. Read is final on the server, so a row this device marked read stays read while the
 * mark waits to be sent; a push the service worker counted is no longer counted once its row is here.
 */
async function pullNotifications(ctx: PullContext, watermark: number) {
  const notifications = () => ctx.client.from('notifications').select(NOTIFICATION_COLUMNS);
  await pullWindow(ctx, 'notifications', notifications, 'id', watermark, async (rows) => {
    if (rows.length === 0) return;
    const { db } = ctx;
    await db.transaction('rw', [db.notifications, db.pushedNotifications], async () => {
      const current = await db.notifications.bulkGet(rows.map((r) => r.id));
      const merged = rows.map((row, i): NotificationRow => {
        const here = current[i];
        const fresh = toNotificationRow(row);
        return here?.read_at && !fresh.read_at ? { ...fresh, read_at: here.read_at, _unread: 0 } : fresh;
      });
      await db.notifications.bulkPut(merged);
      await db.pushedNotifications.bulkDelete(rows.map((r) => r.id));
    });
  });
}

/**
 * Removes deleted rows; a deleted thread takes its posts and the member's read position in it with it, and a deleted
 * post the member's like and bookmark of it.
 */
async function applyTombstones(ctx: PullContext, tombstones: Tombstone[]) {
  const byTable = new Map<string, string[]>();
  for (const t of tombstones) byTable.set(t.table_name, [...(byTable.get(t.table_name) ?? []), t.row_id]);
  const { db } = ctx;
  await db.transaction(
    'rw',
    [
      db.categories,
      db.profiles,
      db.threads,
      db.posts,
      db.messages,
      db.keptThreads,
      db.likes,
      db.notifications,
      db.threadReads,
      db.bookmarks,
    ],
    async () => {
      for (const [table, ids] of byTable) {
        const postIds = table === 'posts' ? [...ids] : [];
        if (table === 'threads') {
          for (const id of ids) {
            postIds.push(...((await postsOfThread(db, id).primaryKeys()) as string[]));
            await postsOfThread(db, id).delete();
          }
          await db.keptThreads.bulkDelete(ids);
          await db.threadReads.bulkDelete(ids);
          await db.bookmarks.where('thread_id').anyOf(ids).delete();
        }
        if (postIds.length > 0) {
          await db.likes.where('post_id').anyOf(postIds).delete();
          await db.bookmarks.where('post_id').anyOf(postIds).delete();
        }
        if (table === 'post_likes') await db.likes.bulkDelete(ids);
        if (table === 'bookmarks') await db.bookmarks.bulkDelete(ids);
        if (['categories', 'profiles', 'threads', 'posts', 'messages', 'notifications'].includes(table)) {
          await db.table(table).bulkDelete(ids);
        }
      }
    },
  );
}

/**
 * One full pull. Order matters: categories (and profiles, fetched beside them) before threads (a thread row stores its category's type), and the
 * tombstones last, so a row deleted in this window is removed even if an earlier page brought it.
 */
export async function pullChanges(ctx: PullContext): Promise<number> {
  const watermark = await fetchWatermark(ctx.client);
  const { client } = ctx;
  const categories = () => client.from('categories').select(CATEGORY_COLUMNS);
  const profiles = () => client.from('profiles').select(PROFILE_COLUMNS);
  // Side by side: neither needs the other, and a first visit waits on both before its thread rows.
  await Promise.all([
    pullWindow(ctx, 'categories', categories, 'id', watermark, (rows) => putUnlessPending(ctx, 'categories', rows)),
    pullWindow(ctx, 'profiles', profiles, 'id', watermark, (rows) => putUnlessPending(ctx, 'profiles', rows)),
  ]);
  await pullThreads(ctx, watermark);
  await pullPosts(ctx, watermark);
  if (ctx.userId) {
    await pullMessages(ctx, watermark);
    await pullLikes(ctx, watermark);
    await pullNotifications(ctx, watermark);
    await pullThreadReads(ctx, watermark);
    await pullBookmarks(ctx, watermark);
  }
  const tombstones = () => client.from('sync_tombstones').select(TOMBSTONE_COLUMNS);
  await pullWindow(ctx, 'sync_tombstones', tombstones, 'row_id', watermark, (rows) => applyTombstones(ctx, rows));
  return watermark;
}
