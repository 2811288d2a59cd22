// Merging the word index's segments (postingsFormat.ts) into bucket rows. Each write adds one segment, a single row,
// however many words its rows hold; once the segments of a store hold enough rows, the write that finds them so
// merges them all, in its own transaction, into one row per bucket under one new list of ids. A search then reads a
// few rows of its term's bucket per couple of thousand rows, and the few segments not merged yet whole. A segment
// written before the code that splits words had loaded (wordIndex.ts) has its rows' text read here and split.
import type { DBCoreKeyRange, DBCoreRangeType, DBCoreTable, DBCoreTransaction } from 'dexie';
import { longWordsOf } from '../content/searchWords.ts';
import {
  bucketOf,
  eachWordIn,
  encodeWord,
  segmentParts,
  segmentRange,
  segmentRows,
  type Bucket,
} from './postingsFormat.ts';
import { newWriteName, POSTINGS_STORE, SEGMENTS_STORE, SEPARATOR, WRITES_STORE } from './postingsStores.ts';
import type { IndexedStore } from './syncedTables.ts';
import { indexedText } from './indexedText.ts';

/** Rows the segments of a store hold before a write merges them: a search reads each of them whole. */
const MERGED_ROWS = 2_000;
/** Segments before a write merges them, however few rows they hold (a member's own writes are a row each). */
const MERGED_SEGMENTS = 32;

/** Rows merged under one name: their postings rows by key, and their list of ids. */
interface Merged {
  write: { key: string; ids: string };
  keys: string[];
  buckets: Bucket[];
}

/** The bucket rows of words with their places in `ids`, under a new write's name. */
export function bucketRows(places: Map<string, number[]>, ids: readonly string[]): Merged {
  const buckets = new Map<string, string[]>();
  for (const [word, found] of places) {
    const bucket = bucketOf(word);
    const entry = encodeWord(word.slice(bucket.length), found);
    const words = buckets.get(bucket);
    if (words) words.push(entry);
    else buckets.set(bucket, [entry]);
  }
  const write = newWriteName();
  return {
    write: { key: write, ids: ids.join(SEPARATOR) },
    keys: [...buckets.keys()].map((bucket) => `${bucket}${SEPARATOR}${write}`),
    buckets: [...buckets.values()].map((words) => words.join('')),
  };
}

/** A store's segments as a key range (a const enum of Dexie's, which this build cannot read, names its type). */
const rangeOf = (table: IndexedStore): DBCoreKeyRange => {
  const [lower, upper] = segmentRange(table);
  return { type: 2 as DBCoreRangeType.Range, lower, upper, lowerOpen: false, upperOpen: false };
};

/** Reads the rows of `ids` as they are now and hands `add` each of their words with the row's place in `ids`. */
async function splitRows(
  table: IndexedStore,
  store: (name: string) => DBCoreTable,
  trans: DBCoreTransaction,
  ids: string[],
  add: (word: string, place: number) => void,
): Promise<void> {
  const rows = (await store(table).getMany({ trans, keys: ids })) as (object | undefined)[];
  rows.forEach((row, place) => {
    const text = row && indexedText(table, row);
    if (typeof text === 'string') for (const word of longWordsOf(text)) add(word, place);
  });
}

/** Merges the segments of `table` into bucket rows once they hold enough rows, in the transaction `trans`. */
export async function mergeSegmentsIfDue(
  table: IndexedStore,
  store: (name: string) => DBCoreTable,
  trans: DBCoreTransaction,
): Promise<void> {
  const segments = store(SEGMENTS_STORE);
  const range = rangeOf(table);
  const { result } = await segments.query({
    trans,
    values: false,
    query: { index: segments.schema.primaryKey, range },
  });
  const keys = result as string[];
  const rows = keys.reduce((sum, key) => sum + segmentRows(key), 0);
  if (rows < MERGED_ROWS && keys.length < MERGED_SEGMENTS) return;
  const ids: string[] = [];
  const places = new Map<string, number[]>();
  const add = (word: string, found: readonly number[], offset: number) => {
    const all = places.get(word) ?? [];
    for (const place of found) all.push(offset + place);
    places.set(word, all);
  };
  for (const value of (await segments.getMany({ trans, keys })) as string[]) {
    const segment = segmentParts(value);
    const offset = ids.length;
    for (const id of segment.ids) ids.push(id);
    if (segment.words !== undefined) eachWordIn(segment.words, (word, found) => add(word, found, offset));
    else await splitRows(table, store, trans, segment.ids, (word, place) => add(word, [place], offset));
  }
  const merged = bucketRows(places, ids);
  const results = await Promise.all([
    store(WRITES_STORE).mutate({ type: 'put', trans, keys: [merged.write.key], values: [merged.write.ids] }),
    store(POSTINGS_STORE[table]).mutate({ type: 'put', trans, keys: merged.keys, values: merged.buckets }),
    segments.mutate({ type: 'delete', trans, keys }),
  ]);
  for (const result of results) if (result.numFailures > 0) throw Object.values(result.failures)[0];
}
