// The table of synced tables, beside the table of write kinds (writeKinds.ts): each server table the mirror follows
// is declared once here, with its pull, its tombstones, what a member switch and "Clear downloaded data" clear, and
// the Realtime topic whose pokes announce its changes (20261129000100_live_updates.sql).
import type { Dexie } from 'dexie';
import { LIKE_COLUMNS } from '../backend/likes.ts';
import type { Mirror } from '../data/mirror.ts';
import { toMessageRow, toThreadRow } from '../data/rows.ts';
import type { SyncedTable } from '../data/types.ts';
import {
  BOOKMARK_COLUMNS,
  CATEGORY_COLUMNS,
  MESSAGE_COLUMNS,
  NOTIFICATION_COLUMNS,
  POST_COLUMNS,
  PROFILE_COLUMNS,
  THREAD_COLUMNS,
  THREAD_READ_COLUMNS,
} from './columns.ts';
import {
  mergeBookmarks,
  mergeLikes,
  mergeNotifications,
  mergeThreadReads,
  removePosts,
  removeThreads,
} from './mergeRows.ts';
import { advance, cursorOf, pullWindow, putUnlessPending, type PullContext } from './pullWindow.ts';

/** 'forum': the public topic, poked for everyone's changes. 'member': the signed-in member's own `user:{id}`. */
export type Topic = 'forum' | 'member';

export const ALL_TOPICS: ReadonlySet<Topic> = new Set(['forum', 'member']);

type MirrorTable = Exclude<keyof Mirror & string, keyof Dexie>;

export interface SyncedTableSpec {
  name: Exclude<SyncedTable, 'sync_tombstones'>;
  /** The mirror table its rows go to. */
  mirror: MirrorTable;
  /** The topic whose pokes announce its changes. */
  topic: Topic;
  /**
   * The member's own rows, pulled only while someone is signed in. Another member signing in on this device clears
   * them, with these tables of the last member's.
   */
  own?: { alsoClears: MirrorTable[] };
  /** "Clear downloaded data": every row, or the rows no unsent write made ('sent'); unset keeps them. */
  downloaded?: 'all' | 'sent';
  /**
   * Reads the changes below the watermark into the mirror. `stored` resolves once another table of this pull is
   * stored: tables are read side by side, and one that needs another's rows waits for them.
   */
  pull(ctx: PullContext, watermark: number, stored: (table: SyncedTableSpec['name']) => Promise<void>): Promise<void>;
  /** Removes rows deleted on the server; unset, its tombstones remove nothing. */
  remove?(db: Mirror, ids: string[]): Promise<void>;
}

const bulkDelete =
  (table: 'categories' | 'profiles' | 'messages' | 'notifications' | 'likes' | 'bookmarks') =>
  async (db: Mirror, ids: string[]) => {
    await db.table(table).bulkDelete(ids);
  };

/** In pull order, for the rare table that waits for another: categories before threads. */
export const SYNCED_TABLES: readonly SyncedTableSpec[] = [
  {
    name: 'categories',
    mirror: 'categories',
    topic: 'forum',
    downloaded: 'all',
    pull: (ctx, watermark) =>
      pullWindow(
        ctx,
        'categories',
        () => ctx.client.from('categories').select(CATEGORY_COLUMNS),
        'id',
        watermark,
        (rows) => putUnlessPending(ctx.db, 'categories', rows),
      ),
    remove: bulkDelete('categories'),
  },
  {
    name: 'profiles',
    mirror: 'profiles',
    topic: 'forum',
    downloaded: 'all',
    pull: (ctx, watermark) =>
      pullWindow(
        ctx,
        'profiles',
        () => ctx.client.from('profiles').select(PROFILE_COLUMNS),
        'id',
        watermark,
        (rows) => putUnlessPending(ctx.db, 'profiles', rows),
      ),
    remove: bulkDelete('profiles'),
  },
  {
    name: 'threads',
    mirror: 'threads',
    topic: 'forum',
    downloaded: 'sent',
    pull: (ctx, watermark, stored) =>
      pullWindow(
        ctx,
        'threads',
        () => ctx.client.from('threads').select(THREAD_COLUMNS),
        'id',
        watermark,
        async (rows) => {
          // A thread row keeps its category's type, so a new category is stored first.
          await stored('categories');
          const categories = await ctx.db.categories.bulkGet([...new Set(rows.map((r) => r.category_id))]);
          const typeOf = new Map(categories.filter((c) => c !== undefined).map((c) => [c.id, c.type]));
          await putUnlessPending(
            ctx.db,
            'threads',
            rows.map((r) => toThreadRow(r, typeOf.get(r.category_id))),
          );
        },
      ),
    remove: removeThreads,
  },
  {
    name: 'posts',
    mirror: 'posts',
    topic: 'forum',
    downloaded: 'sent',
    // Only the threads whose posts this device keeps. The first pull skips the window: the kept threads' posts are
    // then fetched whole (keepRecentThreads), after the watermark, so nothing falls between the two.
    pull: async (ctx, watermark) => {
      if ((await cursorOf(ctx.db, 'posts')) === 0) return advance(ctx.db, 'posts', watermark);
      const posts = () => ctx.client.from('posts').select(POST_COLUMNS);
      await pullWindow(ctx, 'posts', posts, 'id', watermark, async (rows) => {
        const kept = new Set((await ctx.db.keptThreads.toCollection().primaryKeys()) as string[]);
        await putUnlessPending(
          ctx.db,
          'posts',
          rows.filter((r) => kept.has(r.thread_id)),
        );
      });
    },
    remove: removePosts,
  },
  {
    name: 'messages',
    mirror: 'messages',
    topic: 'member',
    // The slugs this device showed for the last member's threads, and their wallet, are theirs alone too.
    own: { alsoClears: ['me', 'workerSession', 'slugAliases', 'walletSnapshots'] },
    downloaded: 'sent',
    pull: (ctx, watermark) =>
      pullWindow(
        ctx,
        'messages',
        () => ctx.client.from('messages').select(MESSAGE_COLUMNS),
        'id',
        watermark,
        (rows) => putUnlessPending(ctx.db, 'messages', rows.map(toMessageRow)),
      ),
    remove: bulkDelete('messages'),
  },
  {
    name: 'post_likes',
    mirror: 'likes',
    // A like changes the post's count, which the forum topic announces; the member's own row comes with it.
    topic: 'forum',
    own: { alsoClears: [] },
    downloaded: 'sent',
    pull: (ctx, watermark) =>
      pullWindow(
        ctx,
        'post_likes',
        () => ctx.client.from('post_likes').select(LIKE_COLUMNS),
        'id',
        watermark,
        (rows) => mergeLikes(ctx.db, rows),
      ),
    remove: bulkDelete('likes'),
  },
  {
    name: 'notifications',
    mirror: 'notifications',
    topic: 'member',
    own: { alsoClears: ['pushedNotifications'] },
    pull: (ctx, watermark) =>
      pullWindow(
        ctx,
        'notifications',
        () => ctx.client.from('notifications').select(NOTIFICATION_COLUMNS),
        'id',
        watermark,
        (rows) => mergeNotifications(ctx.db, rows),
      ),
    remove: bulkDelete('notifications'),
  },
  {
    name: 'thread_reads',
    mirror: 'threadReads',
    topic: 'member',
    own: { alsoClears: [] },
    downloaded: 'sent',
    pull: (ctx, watermark) =>
      pullWindow(
        ctx,
        'thread_reads',
        () => ctx.client.from('thread_reads').select(THREAD_READ_COLUMNS),
        'thread_id',
        watermark,
        (rows) => mergeThreadReads(ctx.db, rows),
      ),
  },
  {
    name: 'bookmarks',
    mirror: 'bookmarks',
    topic: 'member',
    own: { alsoClears: [] },
    downloaded: 'sent',
    pull: (ctx, watermark) =>
      pullWindow(
        ctx,
        'bookmarks',
        () => ctx.client.from('bookmarks').select(BOOKMARK_COLUMNS),
        'id',
        watermark,
        (rows) => mergeBookmarks(ctx.db, rows),
      ),
    remove: bulkDelete('bookmarks'),
  },
];

/** Every mirror table the synced tables fill, and the kept threads their deletions reach. */
export function syncedMirrorTables(db: Mirror) {
  return [...SYNCED_TABLES.map((t) => db.table(t.mirror)), db.keptThreads];
}
