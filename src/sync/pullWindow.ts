// Reading one synced table's changes: every row with cursor <= sync_txid < watermark, page by page.
import type { PostgrestError } from '@supabase/supabase-js';
import type { ForumClient } from '../backend/client.ts';
import { AppError } from '../backend/errors.ts';
import type { Mirror } from '../data/mirror.ts';
import { isIndexed, type SyncedStore, type SyncedTable } from '../data/syncedTables.ts';
import { prepareWords } from '../data/prepareWords.ts';
import { pendingTargets } from './pending.ts';
import { checked } from './request.ts';
import { inChunks } from './chunks.ts';

export interface PullContext {
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

/** The part of a supabase-js select a window reads through; each table's caller makes it, typed by its columns. */
export interface WindowQuery<T> extends PromiseLike<{
  data: T[] | null;
  error: PostgrestError | null;
  status: number;
}> {
  gte(column: 'sync_txid', value: number): this;
  lt(column: 'sync_txid', value: number): this;
  order(column: string): this;
  limit(count: number): this;
  or(filters: string): this;
  retry(enabled: boolean): this;
}

/** The oldest transaction still running: no change below it can appear any more. */
export async function fetchWatermark(client: ForumClient): Promise<number> {
  const { data, error, status } = await client.rpc('sync_watermark');
  checked(error, status);
  if (typeof data !== 'number') throw new AppError('bug', 'sync_watermark returned no number');
  return data;
}

export async function cursorOf(db: Mirror, table: SyncedTable): Promise<number> {
  return (await db.cursors.get(table))?.txid ?? 0;
}

/** Moves a cursor, keeping what else its row records (the owner of a private table). */
export async function advance(db: Mirror, table: SyncedTable, txid: number) {
  await db.cursors.put({ ...(await db.cursors.get(table)), table, txid });
}

/**
 * Reads one table's window page by page, keyed on (sync_txid, key), and hands each page to `store`.
 * The cursor moves to the watermark only once every page is stored, so an interrupted pull repeats, never skips.
 */
export async function pullWindow<T extends { sync_txid: number }>(
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

/**
 * Puts rows into a mirror store, leaving alone the ones a waiting write of this device is about to change (by the
 * store's key, the id unless said). In chunks, each its own transaction: the caller moves the cursor only after.
 */
export async function putUnlessPending<T extends { sync_txid: number }>(
  db: Mirror,
  table: SyncedStore,
  rows: readonly T[],
  key = 'id',
): Promise<void> {
  const store = db.table(table);
  const keyOf = (row: T) => (row as Record<string, unknown>)[key] as string;
  await inChunks(rows, async (chunk) => {
    if (isIndexed(table)) await prepareWords(table, chunk);
    await db.transaction('rw', [store, db.outbox], async () => {
      const pending = await pendingTargets(db);
      const current = (await store.bulkGet(chunk.map(keyOf))) as ({ sync_txid: number } | undefined)[];
      // A row only moves forward: a page read before a push settled must not put back the older version.
      const newer = chunk.filter(
        (row, i) => !pending.has(keyOf(row)) && !(row.sync_txid < (current[i]?.sync_txid ?? 0)),
      );
      await store.bulkPut(newer);
    });
  });
}
