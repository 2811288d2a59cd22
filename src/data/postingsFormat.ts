// How the word index is stored (wordIndex.ts writes it, wordPostings.ts reads it). Each write of rows to an indexed
// store lists its rows' ids once, in `wordWrites` under the write's name. Its words go to the store's postings, one
// row per bucket of words (their first letters) under `${bucket} ${write}`, mapping each word to the places, in the
// write's list, of the rows holding it. A pull page thus adds a few hundred small rows, never reads or rewrites
// older ones, and a row's id is stored once per write rather than once per word.

/** Letters of a word that name its bucket: a term of as many finds its words in one bucket. */
const BUCKET_LETTERS = 3;

/** Between a bucket and its write in a postings key, and between the ids of a write: below every letter and digit. */
export const SEPARATOR = ' ';

/** A postings row's value: each word but its bucket's letters, and the places of its rows in the write's list. */
export type Bucket = Record<string, string>;

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

/**
 * Ascending places as the gaps between them, seven bits a character (a high bit says more follow), so every
 * character fits in one byte: most gaps of a common word take one, and of a write of 2,000 rows at most two.
 */
export function encodePlaces(places: readonly number[]): string {
  const codes: number[] = [];
  let last = 0;
  for (const place of places) {
    let gap = place - last;
    last = place;
    for (; gap >= 0x80; gap >>>= 7) codes.push(0x80 | (gap & 0x7f));
    codes.push(gap);
  }
  return String.fromCharCode(...codes);
}

export function decodePlaces(encoded: string): number[] {
  const places: number[] = [];
  let place = 0;
  for (let i = 0; i < encoded.length;) {
    let gap = 0;
    for (let shift = 0; ; shift += 7) {
      const code = encoded.charCodeAt(i++);
      gap |= (code & 0x7f) << shift;
      if (code < 0x80) break;
    }
    places.push((place += gap));
  }
  return places;
}
