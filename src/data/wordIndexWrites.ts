// The word index's writes once their code has loaded (wordIndex.ts loads it): every post and thread written to the
// mirror, by any path (pulls, a kept thread's fetch, local writes and their settling, edits), adds its words to its
// store's postings in the same transaction, as one segment of that write alone (postingsFormat.ts), merged with the
// others once they are enough (postingsMerge.ts), so a pull page adds its words without reading or rewriting the
// postings before it. Nothing is ever taken out: a search checks each candidate against the row's text
// (wordPostings.ts), so the id of a post since edited or deleted is dropped there. A row put back with the same text
// adds nothing. A pull splits its rows' words ahead of its write (prepareWords.ts), and the write looks them up.
import type { DBCoreTable, DBCoreTransaction } from 'dexie';
import { longWordsOf } from '../content/searchWords.ts';
import { encodeWord } from './postingsFormat.ts';
import { mergeSegmentsIfDue } from './postingsMerge.ts';
import { encodeSegment, newWriteName, segmentKey, SEGMENTS_STORE, SEPARATOR } from './postingsStores.ts';
import type { IndexedStore } from './syncedTables.ts';
import { indexedText, preparedWords } from './indexedText.ts';

/** The words a row of `table` is found by. */
export function indexedWords(table: IndexedStore, row: object): string[] {
  const text = indexedText(table, row);
  if (typeof text !== 'string') return [];
  const known = preparedWords.get(row);
  return known?.text === text ? known.words : longWordsOf(text);
}

/** Each word of rows written together, with its places among them. */
export function wordPlaces(table: IndexedStore, rows: readonly object[]): Map<string, number[]> {
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
 * again would double a pull's write time, and a posting too many is only dropped at the search's check.
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

/** An indexed store as the word index's middleware hands it on: its reads remembered, its puts indexed. */
export function indexedTable(
  name: IndexedStore,
  table: DBCoreTable,
  store: (name: string) => DBCoreTable,
): DBCoreTable {
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
        post(name, store, req.trans, req.values as { id: string }[]),
      ]);
      return written;
    },
  };
}
