// How the word index is stored (wordIndex.ts writes it, wordPostings.ts reads it). Each write of rows to an indexed
// store lists its rows' ids once, in `wordWrites` under the write's name. Its words go to the store's postings, one
// row per bucket of words (their first letters) under `${bucket} ${write}`, mapping each word to the places, in the
// write's list, of the rows holding it. A pull page thus adds a few hundred small rows, never reads or rewrites
// older ones, and a row's id is stored once per write rather than once per word.

/** Letters of a word that name its bucket: a term of as many finds its words in one bucket. */
const BUCKET_LETTERS = 2;

/** Between a bucket and its write in a postings key, and between the ids of a write: below every letter and digit. */
export const SEPARATOR = ' ';

/** A postings row's value: each word, and the places of its rows in the write's list (wordWrites). */
export type Bucket = Record<string, string>;

export const bucketOf = (word: string) => word.slice(0, BUCKET_LETTERS);

/** The keys of the postings rows whose words may start with `term`: its bucket, or every bucket it starts. */
export function bucketRange(term: string): [string, string] {
  const from = term.length >= BUCKET_LETTERS ? bucketOf(term) + SEPARATOR : term;
  return [from, `${from}\uffff`];
}

/** The write a postings key belongs to. */
export const writeOf = (key: string) => key.slice(key.indexOf(SEPARATOR) + 1);

/** Ascending places as the gaps between them, in base 36: most gaps of a common word are one letter. */
export function encodePlaces(places: readonly number[]): string {
  let last = 0;
  return places
    .map((place) => {
      const gap = place - last;
      last = place;
      return gap.toString(36);
    })
    .join(',');
}

export function decodePlaces(encoded: string): number[] {
  let place = 0;
  return encoded.split(',').map((gap) => (place += parseInt(gap, 36)));
}
