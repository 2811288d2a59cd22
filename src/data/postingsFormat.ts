// How the word index is stored (wordIndex.ts writes it, postingsMerge.ts merges it, wordPostings.ts reads it). Each
// write of rows to an indexed store adds one row, a segment, listing its rows' ids and each of their words with the
// rows' places in that list: a pull's chunk of 200 rows adds one row, not one per word or bucket. Once the segments
// hold a couple of thousand rows they are merged: their ids go to one list in `wordWrites` under a new write's name,
// their words to the store's postings, one row per bucket of words (their first letters) under `${bucket} ${write}`,
// listing each word with its places in the list. Nothing older is read or rewritten, and a row's id is stored once per
// merge rather than once per word. Rows are strings, not objects of words: the browser builds, copies and stores a
// string several times faster. The stores' names and the rows' keys are postingsStores.ts.
import { SEGMENT_END, SEPARATOR, UNSPLIT } from './postingsStores.ts';

/** Letters of a word that name its bucket: a term of as many finds its words in one bucket. */
const BUCKET_LETTERS = 3;

/**
 * A postings row's value: for each of its words, the word but its bucket's letters, a SEPARATOR, how many rows hold
 * it, and their places in the write's list as the gaps between them. Numbers take seven bits a character (a high bit
 * says more follow), so every character of them fits in one byte: most gaps of a common word take one.
 */
export type Bucket = string;

export const bucketOf = (word: string) => word.slice(0, BUCKET_LETTERS);

/** Whether a term's words are all in its own bucket: its postings are one row per write, not every bucket it starts. */
export const inOneBucket = (term: string) => term.length >= BUCKET_LETTERS;

/** The keys of the postings rows whose words may start with `term`: its bucket, or every bucket it starts. */
export function bucketRange(term: string): [string, string] {
  const from = inOneBucket(term) ? bucketOf(term) + SEPARATOR : term;
  return [from, `${from}\uffff`];
}

/** The bucket and the write a postings key names. */
export function keyParts(key: string): { bucket: string; write: string } {
  const at = key.indexOf(SEPARATOR);
  return { bucket: key.slice(0, at), write: key.slice(at + 1) };
}

function pushNumber(codes: number[], n: number) {
  for (; n >= 0x80; n >>>= 7) codes.push(0x80 | (n & 0x7f));
  codes.push(n);
}

/** A word's part of its postings row: `rest` is the word but its bucket's letters, `places` ascending. */
export function encodeWord(rest: string, places: readonly number[]): string {
  const codes: number[] = [];
  pushNumber(codes, places.length);
  let last = 0;
  for (const place of places) {
    pushNumber(codes, place - last);
    last = place;
  }
  return rest + SEPARATOR + String.fromCharCode(...codes);
}

/**
 * Visits the words of a postings row that `wanted` accepts (told where the word starts) with their places, ascending,
 * and where the word starts and ends.
 */
function visitWords(
  row: Bucket,
  wanted: (at: number) => boolean,
  visit: (places: number[], start: number, end: number) => void,
): void {
  let at = 0;
  const readNumber = () => {
    let n = 0;
    for (let shift = 0; ; shift += 7) {
      const code = row.charCodeAt(at++);
      n |= (code & 0x7f) << shift;
      if (code < 0x80) return n;
    }
  };
  while (at < row.length) {
    const start = at;
    const want = wanted(start);
    const end = row.indexOf(SEPARATOR, at);
    at = end + 1;
    const places: number[] = [];
    let place = 0;
    for (let count = readNumber(); count > 0; count--) {
      place += readNumber();
      if (want) places.push(place);
    }
    if (want) visit(places, start, end);
  }
}

/** Visits each word of a postings row (but its bucket's letters) with its places, ascending. */
export function eachWordIn(row: Bucket, visit: (rest: string, places: number[]) => void): void {
  visitWords(
    row,
    () => true,
    (places, start, end) => visit(row.slice(start, end), places),
  );
}

/** The places of a postings row's words that start, past their bucket's letters, with `rest`. */
export function placesOf(row: Bucket, rest: string): number[] {
  const found: number[] = [];
  // No word holds a SEPARATOR, so `rest` (which holds none) starts a word only if it lies before the word's end.
  visitWords(
    row,
    (at) => row.startsWith(rest, at),
    (places) => {
      for (const place of places) found.push(place);
    },
  );
  return found;
}

// A segment: the postings of one write not yet merged into bucket rows, in a row of its own under
// `${store} ${write} ${rows}`. Its value is the write's ids, a SEGMENT_END, then its words whole, as a postings row
// lists them, or UNSPLIT.

/** The keys of a store's segments. */
export const segmentRange = (store: string): [string, string] => [store + SEPARATOR, `${store}${SEPARATOR}\uffff`];

/** How many rows a segment's key says it holds. */
export const segmentRows = (key: string) => parseInt(key.slice(key.lastIndexOf(SEPARATOR) + 1), 36);

/** A segment's ids, and its words as a postings row with no bucket letters (undefined when they were not split). */
export function segmentParts(segment: string): { ids: string[]; words: Bucket | undefined } {
  const end = segment.indexOf(SEGMENT_END);
  const words = segment.slice(end + 1);
  return { ids: end === 0 ? [] : segment.slice(0, end).split(SEPARATOR), words: words === UNSPLIT ? undefined : words };
}
