// How the word index is stored (wordIndex.ts writes it, wordPostings.ts reads it). Each write of rows to an indexed
// store lists its rows' ids once, in `wordWrites` under the write's name. Its words go to the store's postings, one
// row per bucket of words (their first letters) under `${bucket} ${write}`, listing each word with the places, in the
// write's list, of the rows holding it. A pull's chunk thus adds a few hundred small rows, never reads or rewrites
// older ones, and a row's id is stored once per write rather than once per word. A postings row is one string, not
// an object of words: the browser builds, copies and stores a string several times faster.

/** Letters of a word that name its bucket: a term of as many finds its words in one bucket. */
const BUCKET_LETTERS = 3;

/**
 * Between a bucket and its write in a postings key, between the ids of a write, and after each word in a postings
 * row: below every letter and digit, and in no word.
 */
export const SEPARATOR = ' ';

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

/** The places of a postings row's words that start, past their bucket's letters, with `rest`. */
export function placesOf(bucket: Bucket, rest: string): number[] {
  const places: number[] = [];
  let at = 0;
  const readNumber = () => {
    let n = 0;
    for (let shift = 0; ; shift += 7) {
      const code = bucket.charCodeAt(at++);
      n |= (code & 0x7f) << shift;
      if (code < 0x80) return n;
    }
  };
  while (at < bucket.length) {
    // No word holds a SEPARATOR, so `rest` (which holds none) starts this word only if it lies before its end.
    const wanted = bucket.startsWith(rest, at);
    at = bucket.indexOf(SEPARATOR, at) + 1;
    let place = 0;
    for (let count = readNumber(); count > 0; count--) {
      place += readNumber();
      if (wanted) places.push(place);
    }
  }
  return places;
}
