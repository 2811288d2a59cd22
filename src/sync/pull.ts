// One pull: every synced table of the asked topics, from its cursor up to the watermark, then the deletions.
import type { Row } from '../backend/database.ts';
import { TOMBSTONE_COLUMNS } from '../data/columns.ts';
import { ALL_TOPICS, SYNCED_TABLES, type SyncedTableName, type Topic } from '../data/syncedTables.ts';
import { inChunks } from './chunks.ts';
import { pullTable, removeRows, syncedMirrorTables } from './pullTable.ts';
import { fetchWatermark, pullWindow, type PullContext } from './pullWindow.ts';

type Tombstone = Pick<Row<'sync_tombstones'>, 'table_name' | 'row_id' | 'sync_txid'>;

/** Removes deleted rows, each by its table's declared removal. */
async function applyTombstones(ctx: PullContext, tombstones: Tombstone[]) {
  const byTable = new Map<string, string[]>();
  for (const t of tombstones) byTable.set(t.table_name, [...(byTable.get(t.table_name) ?? []), t.row_id]);
  const { db } = ctx;
  for (const [table, ids] of byTable) {
    await inChunks(ids, (chunk) => db.transaction('rw', syncedMirrorTables(db), () => removeRows(db, table, chunk)));
  }
}

/**
 * Pulls the tables of `topics` side by side (a member's own tables only while signed in), then the tombstones, last,
 * so a row deleted in this window is removed even if a page of this pull brought it. A failed table fails the pull
 * once every table has stopped, so nothing still writes after it.
 */
export async function pullChanges(ctx: PullContext, topics: ReadonlySet<Topic> = ALL_TOPICS): Promise<number> {
  const watermark = await fetchWatermark(ctx.client);
  const tables = SYNCED_TABLES.filter((t) => topics.has(t.topic) && (ctx.userId !== null || !t.own));
  const running = new Map<SyncedTableName, Promise<void>>();
  const stored = (name: SyncedTableName) => running.get(name) ?? Promise.resolve();
  for (const table of tables) running.set(table.name, pullTable(ctx, table, watermark, stored));
  const failed = (await Promise.allSettled(running.values())).find((r) => r.status === 'rejected');
  if (failed) throw failed.reason;
  const tombstones = () => ctx.client.from('sync_tombstones').select(TOMBSTONE_COLUMNS);
  await pullWindow(ctx, 'sync_tombstones', tombstones, 'row_id', watermark, (rows) => applyTombstones(ctx, rows));
  return watermark;
}
