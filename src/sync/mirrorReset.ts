// What the mirror forgets: the last member's own rows when another signs in on this device, and everything pulled
// when the member asks to "Clear downloaded data". Both follow the table of synced tables; neither drops unsent words.
import type { Mirror } from '../data/mirror.ts';
import { SYNCED_TABLES } from '../data/syncedTables.ts';

/**
 * Clears each of the member's own tables whose rows belong to someone else (by its cursor's owner) and restarts its
 * cursor for `userId`. Each is checked on its own: a mirror made before a table was synced has no cursor for it yet.
 */
export async function forgetOtherMember(db: Mirror, userId: string | null) {
  const own = SYNCED_TABLES.filter((t) => t.own);
  const cursors = await db.cursors.bulkGet(own.map((t) => t.name));
  const stale = own.filter((_, i) => (cursors[i]?.owner ?? null) !== userId);
  if (stale.length === 0) return;
  const tables = [...new Set(stale.flatMap((t) => [t.mirror, ...(t.own?.alsoClears ?? [])]))];
  await db.transaction('rw', [...tables.map((name) => db.table(name)), db.cursors], async () => {
    for (const name of tables) await db.table(name).clear();
    for (const t of stale) await db.cursors.put({ table: t.name, txid: 0, owner: userId });
  });
}

/** Forgets everything pulled, so the next pull brings it again; the rows of unsent writes stay. */
export async function forgetDownloaded(db: Mirror) {
  const tables = SYNCED_TABLES.filter((t) => t.downloaded);
  await db.transaction('rw', [...tables.map((t) => db.table(t.mirror)), db.keptThreads, db.cursors], async () => {
    await db.keptThreads.clear();
    await db.cursors.toCollection().modify({ txid: 0 });
    for (const t of tables) {
      const table = db.table(t.mirror);
      if (t.downloaded === 'all') await table.clear();
      else await table.filter((row: { _status?: string }) => row._status === undefined).delete();
    }
  });
}
