// Reading the word index (wordIndex.ts): the ids posted under the words that start with a term, read a page of
// postings rows at a time, and the check of a candidate against its row's text. The index only ever grows, so the
// check is what drops the id of a row edited or deleted since: a candidate counts only if its text holds every term.
import { matchesAllTerms } from '../content/searchTerms.ts';
import { wordsOf } from '../content/searchWords.ts';
import type { Mirror } from './mirror.ts';
import { bucketRange, keyParts, placesOf, SEPARATOR, type Bucket } from './postingsFormat.ts';
import type { IndexedStore } from './syncedTables.ts';
import { indexedText, POSTINGS_STORE, WRITES_STORE } from './wordIndex.ts';

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

/**
 * Hands `take` the ids of the rows holding a word that starts with `term`, a page of postings rows at a time, in the
 * index's order (an id may come more than once), until it answers true or none are left.
 */
export async function eachPostedPage(
  db: Mirror,
  table: IndexedStore,
  term: string,
  take: (ids: string[]) => boolean | Promise<boolean>,
): Promise<void> {
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

/** The distinct ids posted under the words that start with `term`, or null when they are more than `limit`. */
export async function postedIds(
  db: Mirror,
  table: IndexedStore,
  term: string,
  limit: number,
): Promise<string[] | null> {
  const ids = new Set<string>();
  await eachPostedPage(db, table, term, (page) => {
    for (const id of page) ids.add(id);
    return ids.size > limit;
  });
  return ids.size > limit ? null : [...ids];
}

/**
 * The ids listed lately, by mirror, then store, term and limit, with the count of writes the index had then. Each
 * keystroke of a query repeats most of its terms ("seed phrase b", then "seed phrase ba"): while no write has come,
 * they are not read again. Every write that adds postings adds a list to `wordWrites`, so a new count means new
 * postings; and a search checks every candidate against its row, so an id listed before an edit is still dropped.
 */
const listedLately = new WeakMap<Mirror, Map<string, { writes: number; ids: string[] | null }>>();
const LISTED_KEPT = 16;

/** Reads postedIds as they are now, again only for a term whose postings grew since it was last read. */
export async function postingsReader(db: Mirror) {
  const writes = await db.table(WRITES_STORE).count();
  let lately = listedLately.get(db);
  if (!lately) listedLately.set(db, (lately = new Map()));
  const listed = lately;
  return async (table: IndexedStore, term: string, limit: number): Promise<string[] | null> => {
    const key = [table, term, limit].join(SEPARATOR);
    const kept = listed.get(key);
    listed.delete(key);
    const ids = kept?.writes === writes ? kept.ids : await postedIds(db, table, term, limit);
    listed.set(key, { writes, ids });
    if (listed.size > LISTED_KEPT) listed.delete(listed.keys().next().value!);
    return ids;
  };
}

/** Whether a row's text, as it is now, has a word starting with each term. */
export function holdsAllTerms(table: IndexedStore, row: object, terms: readonly string[]): boolean {
  const text = indexedText(table, row);
  return typeof text === 'string' && matchesAllTerms(wordsOf(text), terms);
}
