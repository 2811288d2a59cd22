// The words a search matches: text folded to lower case without accents and split on anything but letters and
// digits. Posts and titles are indexed with these words, and a query is read with the same folding. A word matches
// from its start ("master" finds "masternode", "node" does not), as an index of words allows. Chinese and Japanese
// put no spaces between words, so each of their characters counts as a word: "世界" finds "你好世界".

const MARKS = /\p{M}+/gu;
const NOT_WORD = /[^\p{L}\p{N}]+/u;
/** Scripts written without spaces between words. */
const UNSPACED = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/gu;
/** A query's words past this many add nothing a member would notice, and each costs a check per candidate. */
const MAX_QUERY_WORDS = 8;

/** Lower case without accents: "Café" and "CAFE" both read "cafe". */
export function foldText(text: string): string {
  return text.normalize('NFKD').replace(MARKS, '').toLowerCase();
}

/** The distinct words of a text, folded, in the order they first appear. */
export function wordsOf(text: string): string[] {
  const spaced = foldText(text).replace(UNSPACED, ' $& ');
  return [...new Set(spaced.split(NOT_WORD))].filter((w) => w.length > 0);
}

/** A query's words, folded; each matches the start of a word, so results follow the typing. */
export function searchTerms(query: string): string[] {
  return wordsOf(query).slice(0, MAX_QUERY_WORDS);
}

/** Whether every term starts one of the words. */
export function matchesAllTerms(words: readonly string[], terms: readonly string[]): boolean {
  return terms.every((term) => words.some((word) => word.startsWith(term)));
}
