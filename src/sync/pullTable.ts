// One pull for every synced table (data/syncedTables.ts), of its pulled columns (data/columns.ts): its window of
// changes, page by page, put into its mirror store unless a waiting write of this device is about to change the row.
// The few tables whose rows need more (a merge with what this device holds, a field from another table, a window
// skipped) say so in TABLE_WAYS.
import { PULLED_COLUMNS, type PulledRow } from '../data/columns.ts';
import type { Mirror } from '../data/mirror.ts';
import { toMessageRow, toThreadRow } from '../data/rows.ts';
import { SYNCED_TABLES, type SyncedEntry, type SyncedTableName } from '../data/syncedTables.ts';
import {
  mergeBookmarks,
  mergeLikes,
  mergeNotifications,
  mergeThreadReads,
  removePosts,
  removeThreads,
} from './mergeRows.ts';
import { advance, cursorOf, pullWindow, putUnlessPending, type PullContext, type WindowQuery } from './pullWindow.ts';

/** Resolves once another table of this pull is stored: tables are read side by side, and one may need another's. */
type Stored = (table: SyncedTableName) => Promise<void>;

interface TableWays<Name extends SyncedTableName> {
  /** Stores a page of pulled rows; unset, each is put unless a waiting write is about to change it. */
  store?(ctx: PullContext, rows: PulledRow<Name>[], stored: Stored): Promise<void>;
  /** Whether this pull skips the window, moving the cursor all the same. */
  skip?(ctx: PullContext): Promise<boolean>;
  /** Removes rows deleted on the server (their tombstones); unset, their keys are deleted from the store. */
  remove?(db: Mirror, ids: string[]): Promise<void>;
}

const TABLE_WAYS: { [Name in SyncedTableName]?: TableWays<Name> } = {
  threads: {
    async store(ctx, rows, stored) {
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
    remove: removeThreads,
  },
  posts: {
    // Only the threads whose posts this device keeps. The first pull skips the window: the kept threads' posts are
    // then fetched whole (refreshKeptThreads, keepRecentThreads), after the watermark, so nothing falls between.
    skip: async (ctx) => (await cursorOf(ctx.db, 'posts')) === 0,
    async store(ctx, rows) {
      const kept = new Set((await ctx.db.keptThreads.toCollection().primaryKeys()) as string[]);
      await putUnlessPending(
        ctx.db,
        'posts',
        rows.filter((r) => kept.has(r.thread_id)),
      );
    },
    remove: removePosts,
  },
  messages: { store: (ctx, rows) => putUnlessPending(ctx.db, 'messages', rows.map(toMessageRow)) },
  post_likes: { store: (ctx, rows) => mergeLikes(ctx.db, rows) },
  notifications: { store: (ctx, rows) => mergeNotifications(ctx.db, rows) },
  thread_reads: { store: (ctx, rows) => mergeThreadReads(ctx.db, rows) },
  bookmarks: { store: (ctx, rows) => mergeBookmarks(ctx.db, rows) },
};

type Spec<Name extends SyncedTableName> = Extract<SyncedEntry, { name: Name }>;

/** Every synced table's columns hold sync_txid: the pull's window is read by it. */
type Pulled<Name extends SyncedTableName> = PulledRow<Name> & { sync_txid: number };

/** Reads one table's changes below the watermark into the mirror. */
export async function pullTable<Name extends SyncedTableName>(
  ctx: PullContext,
  spec: Spec<Name>,
  watermark: number,
  stored: Stored,
): Promise<void> {
  const ways: TableWays<Name> = TABLE_WAYS[spec.name as Name] ?? {};
  if (await ways.skip?.(ctx)) return advance(ctx.db, spec.name, watermark);
  // supabase-js types a select by its literal table and columns; PulledRow reads the same columns of the same row.
  const select = () =>
    ctx.client.from(spec.name).select(PULLED_COLUMNS[spec.name]) as unknown as WindowQuery<Pulled<Name>>;
  const store = ways.store ?? ((c, rows: Pulled<Name>[]) => putUnlessPending(c.db, spec.mirror, rows, spec.key));
  const key = spec.key as keyof Pulled<Name> & string;
  await pullWindow(ctx, spec.name, select, key, watermark, (rows) => store(ctx, rows, stored));
}

/** Removes the rows of a table deleted on the server, as its entry says. */
export async function removeRows(db: Mirror, table: string, ids: string[]): Promise<void> {
  const spec = SYNCED_TABLES.find((t) => t.name === table);
  if (!spec?.tombstones) return;
  const remove = TABLE_WAYS[spec.name]?.remove ?? ((d: Mirror, keys: string[]) => d[spec.mirror].bulkDelete(keys));
  await remove(db, ids);
}

/** Every mirror store the synced tables fill, and the kept threads their deletions reach. */
export function syncedMirrorTables(db: Mirror) {
  return [...SYNCED_TABLES.map((t) => db[t.mirror]), db.keptThreads];
}
