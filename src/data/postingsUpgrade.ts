// The word index built by a mirror upgrade from the rows already mirrored (mirror.ts loads this code while the
// upgrade's transaction waits: only a mirror of an older version needs it).
import type { Transaction } from 'dexie';
import { bucketRows } from './postingsMerge.ts';
import { POSTINGS_STORE, WRITES_STORE } from './postingsStores.ts';
import type { IndexedStore } from './syncedTables.ts';
import { wordPlaces } from './wordIndexWrites.ts';

/** A row as version 8 kept it, with its words. */
type WordedRow = { id: string; _words?: string[] };

/** Rows read at once while an upgrade indexes the rows already mirrored. */
const UPGRADE_CHUNK = 2_000;

/** Builds the postings of the rows already mirrored, and takes off each row the words version 8 kept in it. */
export async function indexMirroredRows(tx: Transaction): Promise<void> {
  for (const table of Object.keys(POSTINGS_STORE) as IndexedStore[]) {
    const store = tx.table<WordedRow, string>(table);
    for (let after: string | null = null; ;) {
      const rows: WordedRow[] = await (after === null ? store.toCollection() : store.where(':id').above(after))
        .limit(UPGRADE_CHUNK)
        .toArray();
      if (rows.length === 0) break;
      const worded = rows.filter((row) => row._words !== undefined);
      for (const row of worded) delete row._words;
      await store.bulkPut(worded);
      const { write, keys, buckets } = bucketRows(
        wordPlaces(table, rows),
        rows.map((row) => row.id),
      );
      await tx.table(WRITES_STORE).put(write.ids, write.key);
      await tx.table(POSTINGS_STORE[table]).bulkPut(buckets, keys);
      after = rows[rows.length - 1]!.id;
    }
  }
}

/**
 * Builds the postings again where version 10 wrote them as objects (postingsFormat.ts says why a row is now a
 * string). A mirror upgraded from an older version got string rows from indexMirroredRows already.
 */
export async function rewritePostings(tx: Transaction): Promise<void> {
  const stores = Object.values(POSTINGS_STORE);
  const firstRows = await Promise.all(stores.map((store) => tx.table(store).limit(1).toArray()));
  if (firstRows.every(([row]) => row === undefined || typeof row === 'string')) return;
  for (const store of [...stores, WRITES_STORE]) await tx.table(store).clear();
  await indexMirroredRows(tx);
}
