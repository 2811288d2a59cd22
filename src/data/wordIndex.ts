// Keeps the mirror's word index: postings, the rows holding each word. Every post and thread written to the mirror,
// by any path (pulls, a kept thread's fetch, local writes and their settling, edits), adds its words to its store's
// postings in the same transaction, as one segment of that write alone (postingsFormat.ts), merged with the others
// once they are enough (postingsMerge.ts), so a pull page adds its words without reading or rewriting the postings
// before it. Nothing is ever taken out: a search checks each candidate against the row's text (wordPostings.ts), so
// the id of a post since edited or deleted is dropped there. A row put back with the same text adds nothing. A pull
// splits its rows' words ahead of its write (prepareWords.ts), and the write looks them up.
import type { DBCore, DBCoreTable, DBCoreTransaction, Middleware, Transaction } from 'dexie';
import { longWordsOf } from '../content/searchWords.ts';
import { bucketRows, mergeSegmentsIfDue, newWriteName } from './postingsMerge.ts';
import {
  encodeSegment,
  encodeWord,
  POSTINGS_STORE,
  segmentKey,
  SEGMENTS_STORE,
  SEPARATOR,
  WRITES_STORE,
} from './postingsFormat.ts';
import { SYNCED_TABLES, type IndexedStore } from './syncedTables.ts';

/** The column each indexed store is searched by, as its synced table declares. */
const INDEXED_COLUMN = new Map<string, string>(SYNCED_TABLES.flatMap((t) => (t.words ? [[t.mirror, t.words]] : [])));

export function isIndexed(table: string): table is IndexedStore {
  return INDEXED_COLUMN.has(table);
}

/** The text a row of an indexed store is searched by. */
export function indexedText(table: IndexedStore, row: object): unknown {
  return (row as Record<string, unknown>)[INDEXED_COLUMN.get(table)!];
}

/** Words split ahead of a write (prepareWords.ts), by row object, with the text they were split from. */
export const preparedWords = new WeakMap<object, { text: string; words: string[] }>();

/** The words a row of `table` is found by. */
function indexedWords(table: IndexedStore, row: object): string[] {
  const text = indexedText(table, row);
  if (typeof text !== 'string') return [];
  const known = preparedWords.get(row);
  return known?.text === text ? known.words : longWordsOf(text);
}

/** Each word of rows written together, with its places among them. */
function wordPlaces(table: IndexedStore, rows: readonly object[]): Map<string, number[]> {
  const places = new Map<string, number[]>();
  rows.forEach((row, place) => {
    for (const word of indexedWords(table, row)) {
      const found = places.get(word);
      if (found) found.push(place);
      else places.set(word, [place]);
    }
  });
  return places;
}

/** The segment of rows written together: their ids, and each of their words with its places among them. */
function segmentOf(table: IndexedStore, rows: readonly { id: string }[]): { key: string; value: string } {
  let words = '';
  for (const [word, places] of wordPlaces(table, rows)) words += encodeWord(word, places);
  const ids = rows.map((row) => row.id);
  return { key: segmentKey(table, newWriteName(), rows.length), value: encodeSegment(ids, words) };
}

/** The text each indexed row had when a writing transaction read it, by store and key. */
const textsRead = new WeakMap<DBCoreTransaction, Map<string, unknown>>();

const readKey = (table: IndexedStore, id: string) => `${table}${SEPARATOR}${id}`;

/** Remembers the text of the rows a writing transaction read: putting one back with that text adds nothing. */
function remember(table: IndexedStore, trans: DBCoreTransaction, rows: readonly unknown[]) {
  if ((trans as Partial<IDBTransaction>).mode === 'readonly') return;
  let texts = textsRead.get(trans);
  if (!texts) textsRead.set(trans, (texts = new Map()));
  for (const row of rows) {
    if (row && typeof row === 'object') texts.set(readKey(table, (row as { id: string }).id), indexedText(table, row));
  }
}

/**
 * Adds the words of the rows a put or add wrote, but of those put back with the text they had when this transaction
 * read them (a pull reads the rows it is about to replace). Rows it did not read count as changed: reading them all
 * again would double a pull's write time, and a posting too many is only dropped at the search's check. An upgrade
 * to an older version puts rows back before the postings stores exist.
 */
async function post(
  table: IndexedStore,
  store: (name: string) => DBCoreTable,
  trans: DBCoreTransaction,
  values: readonly { id: string }[],
) {
  const texts = textsRead.get(trans);
  const changed = values.filter((row) => {
    const key = readKey(table, row.id);
    return !texts?.has(key) || texts.get(key) !== indexedText(table, row);
  });
  remember(table, trans, values);
  if (changed.length === 0) return;
  const { key, value } = segmentOf(table, changed);
  // Requests of a transaction run in the order they are made: the merge's look at the segments, made without waiting
  // for the put, sees this one too. It merges only the segments it saw.
  const [result] = await Promise.all([
    store(SEGMENTS_STORE).mutate({ type: 'put', trans, keys: [key], values: [value] }),
    mergeSegmentsIfDue(table, store, trans),
  ]);
  if (result.numFailures > 0) throw Object.values(result.failures)[0];
}

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

export const wordIndexMiddleware: Middleware<DBCore> = {
  stack: 'dbcore',
  name: 'WordIndex',
  // Above Dexie's own layers (level 0 and below), so live queries see the postings each write adds.
  level: 10,
  create: (down) => ({
    ...down,
    // A write to an indexed store writes its postings too: every such transaction holds them.
    transaction: (stores, mode, options) => {
      const postings = stores.filter(isIndexed).map((store) => POSTINGS_STORE[store]);
      const widened =
        mode === 'readwrite' && postings.length > 0
          ? [...new Set([...stores, ...postings, WRITES_STORE, SEGMENTS_STORE])]
          : stores;
      return down.transaction(widened, mode, options);
    },
    table: (name) => {
      const table = down.table(name);
      if (!isIndexed(name)) return table;
      return {
        ...table,
        get: async (req) => {
          const row: unknown = await table.get(req);
          remember(name, req.trans, [row]);
          return row;
        },
        getMany: async (req) => {
          const rows = await table.getMany(req);
          remember(name, req.trans, rows);
          return rows;
        },
        query: async (req) => {
          const response = await table.query(req);
          if (req.values) remember(name, req.trans, response.result);
          return response;
        },
        mutate: async (req) => {
          if (req.type !== 'add' && req.type !== 'put') return table.mutate(req);
          const [written] = await Promise.all([
            table.mutate(req),
            post(name, (store) => down.table(store), req.trans, req.values as { id: string }[]),
          ]);
          return written;
        },
      };
    },
  }),
};
