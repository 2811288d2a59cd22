// Reading the word index (wordIndex.ts): the ids posted under the words that start with a term, in the segments not
// merged yet and then a page of bucket rows at a time, and the check of a candidate against its row's text. The index
// only ever grows, so the check is what drops the id of a row edited or deleted since: a candidate counts only if its
// text holds every term.
import { matchesAllTerms } from '../content/searchTerms.ts';
import { wordsOf } from '../content/searchWords.ts';
import type { Mirror } from './mirror.ts';
import { bucketRange, keyParts, placesOf, segmentParts, segmentRange, type Bucket } from './postingsFormat.ts';
import { POSTINGS_STORE, SEGMENTS_STORE, SEPARATOR, WRITES_STORE } from './postingsStores.ts';
import type { IndexedStore } from './syncedTables.ts';
import { indexedText } from './indexedText.ts';

/** Postings rows read first; each later page reads this many times more, as a common prefix has many. */
const FIRST_PAGE = 64;
const PAGE_GROWTH = 4;

/** The places, by write, of the rows holding a word that starts with `term`, in a page of postings rows. */
function placesIn(keys: string[], buckets: Bucket[], term: string): Map<string, number[]> {
  const places = new Map<string, number[]>();
  buckets.forEach((words, i) => {
    const { bucket, write } = keyParts(keys[i]!);
    // A term shorter than the bucket finds every word in it (its range read only buckets it starts).
    const rest = term.length > bucket.length ? term.slice(bucket.length) : '';
    if (!(bucket + rest).startsWith(term)) return;
    const found = placesOf(words, rest);
    if (found.length === 0) return;
    const before = places.get(write);
    if (before) for (const place of found) before.push(place);
    else places.set(write, found);
  });
  return places;
}

/**
 * The writes' lists of ids read lately, by mirror and write. A write's list never changes, and each keystroke's
 * search reads the lists of most writes again; past this many ids in all (a mirror of 100,000 posts holds some
 * 110,000), the lists read first are forgotten.
 */
const listsRead = new Map<string, string[]>();
const IDS_KEPT = 150_000;
let idsKept = 0;

/** The ids at the places found, from their writes' lists. */
async function idsAt(db: Mirror, places: Map<string, number[]>): Promise<string[]> {
  const writes = [...places.keys()];
  const cacheKey = (write: string) => `${db.name}${SEPARATOR}${write}`;
  const lists = new Map(writes.map((write) => [write, listsRead.get(cacheKey(write))]));
  const missing = writes.filter((write) => !lists.get(write));
  const read = await db.table<string, string>(WRITES_STORE).bulkGet(missing);
  missing.forEach((write, i) => {
    const ids = read[i]?.split(SEPARATOR) ?? [];
    lists.set(write, ids);
    for (const [key, forgotten] of listsRead) {
      if (idsKept + ids.length <= IDS_KEPT) break;
      listsRead.delete(key);
      idsKept -= forgotten.length;
    }
    listsRead.set(cacheKey(write), ids);
    idsKept += ids.length;
  });
  return writes.flatMap((write) => {
    const ids = lists.get(write)!;
    return places.get(write)!.map((place) => ids[place]!);
  });
}

/** A segment as read: its ids, and its words whole. */
type Segment = ReturnType<typeof segmentParts>;

/** The segments read lately, by mirror and key: a segment never changes, and goes once it is merged. */
const segmentsRead = new WeakMap<Mirror, Map<string, Segment>>();

/** The segments of every indexed store as they are now, read again only where new. Called in a transaction. */
async function readSegments(db: Mirror): Promise<Record<IndexedStore, Segment[]>> {
  const store = db.table<string, string>(SEGMENTS_STORE);
  const keys = await store.toCollection().primaryKeys();
  let read = segmentsRead.get(db);
  if (!read) segmentsRead.set(db, (read = new Map()));
  const before = read;
  const missing = keys.filter((key) => !before.has(key));
  const values = await store.bulkGet(missing);
  const now = new Map(keys.flatMap((key) => (before.has(key) ? [[key, before.get(key)!]] : [])));
  missing.forEach((key, i) => {
    const value = values[i];
    if (value !== undefined) now.set(key, segmentParts(value));
  });
  segmentsRead.set(db, now);
  const of = (table: IndexedStore) => {
    const [from, to] = segmentRange(table);
    return [...now].flatMap(([key, segment]) => (key >= from && key < to ? [segment] : []));
  };
  return { threads: of('threads'), posts: of('posts') };
}

/**
 * The ids in `segments` of the rows holding a word that starts with `term`: all the rows of a segment whose words were
 * not split, as the check against their text finds theirs.
 */
function segmentIds(segments: readonly Segment[], term: string): string[] {
  return segments.flatMap(({ ids, words }) =>
    words === undefined ? ids : placesOf(words, term).map((place) => ids[place]!),
  );
}

/**
 * Hands `take` the ids of the rows holding a word that starts with `term`, a page of postings rows at a time, in the
 * index's order (an id may come more than once), until it answers true or none are left: first those of the
 * segments not merged yet, then the bucket rows'.
 */
async function eachPostedPage(
  db: Mirror,
  table: IndexedStore,
  term: string,
  segments: readonly Segment[],
  take: (ids: string[]) => boolean | Promise<boolean>,
): Promise<void> {
  const recent = segmentIds(segments, term);
  if (recent.length > 0 && (await take(recent))) return;
  const postings = db.table<Bucket, string>(POSTINGS_STORE[table]);
  const [start, end] = bucketRange(term);
  let from = start;
  for (let rows = FIRST_PAGE; ; rows *= PAGE_GROWTH) {
    const page = postings
      .where(':id')
      .between(from, end, from === start, false)
      .limit(rows);
    const [keys, buckets] = await Promise.all([page.primaryKeys(), page.toArray()]);
    if (keys.length === 0) return;
    const places = placesIn(keys, buckets, term);
    if (places.size > 0 && (await take(await idsAt(db, places)))) return;
    if (keys.length < rows) return;
    from = keys[keys.length - 1]!;
  }
}

/** The distinct ids posted in the bucket rows under the words that start with `term`, or null when more than `limit`. */
async function mergedIds(db: Mirror, table: IndexedStore, term: string, limit: number): Promise<string[] | null> {
  const ids = new Set<string>();
  await eachPostedPage(db, table, term, [], (page) => {
    for (const id of page) ids.add(id);
    return ids.size > limit;
  });
  return ids.size > limit ? null : [...ids];
}

/**
 * The bucket rows' ids listed lately, by mirror, then store, term and limit, with the count of merged writes the index
 * had then. Each keystroke of a query repeats most of its terms ("seed phrase b", then "seed phrase ba"): while no
 * merge has come, they are not read again. Every merge adds a list to `wordWrites`, so a new count means new bucket
 * rows; and a search checks every candidate against its row, so an id listed before an edit is still dropped.
 */
const listedLately = new WeakMap<Mirror, Map<string, { writes: number; ids: string[] | null }>>();
const LISTED_KEPT = 16;

/**
 * Reads the postings as they are now: the segments and the count of merged writes at once, so that a merge after
 * them only adds bucket rows that repeat segments' ids; and the bucket rows again only for a term whose postings grew
 * since they were last read.
 */
export async function postingsReader(db: Mirror) {
  const { writes, segments } = await db.transaction('r', [WRITES_STORE, SEGMENTS_STORE], async () => ({
    writes: await db.table(WRITES_STORE).count(),
    segments: await readSegments(db),
  }));
  let lately = listedLately.get(db);
  if (!lately) listedLately.set(db, (lately = new Map()));
  const listed = lately;
  return {
    /** The distinct ids posted under the words that start with `term`, or null when they are more than `limit`. */
    ids: async (table: IndexedStore, term: string, limit: number): Promise<string[] | null> => {
      const key = [table, term, limit].join(SEPARATOR);
      const kept = listed.get(key);
      listed.delete(key);
      const merged = kept?.writes === writes ? kept.ids : await mergedIds(db, table, term, limit);
      listed.set(key, { writes, ids: merged });
      if (listed.size > LISTED_KEPT) listed.delete(listed.keys().next().value!);
      if (!merged) return null;
      const ids = new Set([...segmentIds(segments[table], term), ...merged]);
      return ids.size > limit ? null : [...ids];
    },
    /** Hands `take` pages of the ids posted under the words that start with `term` (eachPostedPage). */
    eachPage: (table: IndexedStore, term: string, take: (ids: string[]) => boolean | Promise<boolean>) =>
      eachPostedPage(db, table, term, segments[table], take),
  };
}

/** The distinct ids posted under the words that start with `term`, or null when they are more than `limit`. */
export async function postedIds(
  db: Mirror,
  table: IndexedStore,
  term: string,
  limit: number,
): Promise<string[] | null> {
  return (await postingsReader(db)).ids(table, term, limit);
}

/** Whether a row's text, as it is now, has a word starting with each term. */
export function holdsAllTerms(table: IndexedStore, row: object, terms: readonly string[]): boolean {
  const text = indexedText(table, row);
  return typeof text === 'string' && matchesAllTerms(wordsOf(text), terms);
}
