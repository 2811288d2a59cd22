// Where the word index is kept and how its rows are named: what a write needs to add a segment (wordIndex.ts) before
// the code that splits words and merges segments has loaded. How the rows' values read is postingsFormat.ts.
import type { IndexedStore } from './syncedTables.ts';

/** Each indexed store's postings rows. */
export const POSTINGS_STORE: Record<IndexedStore, string> = { threads: 'threadWords', posts: 'postWords' };

/** Each merged write's list of the ids it indexed, by the write's name. */
export const WRITES_STORE = 'wordWrites';

/** The writes not merged yet, a row each (a segment), of every indexed store. */
export const SEGMENTS_STORE = 'wordSegments';

/**
 * Between a bucket and its write in a postings key, between the ids of a write, and after each word in a postings
 * row: below every letter and digit, and in no word.
 */
export const SEPARATOR = ' ';

/** Between a segment's ids and its words. */
export const SEGMENT_END = '\n';

/**
 * A segment's words when they were not split (its write came before the code that splits them): every search takes
 * its rows as candidates, and its merge reads their text. Split words never start with it.
 */
export const UNSPLIT = '\n';

/** Names each write apart from every other's, in this tab and in any other writer of the mirror. */
const WRITER = Math.random().toString(36).slice(2, 7);
let writes = 0;

export const newWriteName = () => `${WRITER}${(writes++).toString(36)}`;

export const segmentKey = (store: string, write: string, rows: number) =>
  [store, write, rows.toString(36)].join(SEPARATOR);

export const encodeSegment = (ids: readonly string[], words: string) => ids.join(SEPARATOR) + SEGMENT_END + words;
