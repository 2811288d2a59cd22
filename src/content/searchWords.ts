// The words a search matches: text folded to lower case without accents and split on anything but letters and
// digits. Posts and titles are indexed with these words, and a query is read with the same folding. A word matches
// from its start ("master" finds "masternode", "node" does not), as an index of words allows. Chinese and Japanese
// put no spaces between words, so each of their characters counts as a word: "世界" finds "你好世界". The index
// leaves out words of one or two letters, which narrow a search too little to pay for their entries (and the
// commonest English words: searchTerms.ts).

const MARKS = /\p{M}+/gu;
const NOT_WORD = /[^\p{L}\p{N}]+/u;
/** Scripts written without spaces between words. */
const UNSPACED = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/gu;
/** One character of a script written without spaces is a word of its own, however short. */
const UNSPACED_CHAR = /^[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]$/u;

/** Lower case without accents: "Café" and "CAFE" both read "cafe". */
export function foldText(text: string): string {
  return text.normalize('NFKD').replace(MARKS, '').toLowerCase();
}

const NOT_ASCII = /[^ -~\t\n\r]/;
/** NOT_WORD in ASCII text folded: the same characters, found faster by a pattern with no Unicode classes. */
const NOT_ASCII_WORD = /[^a-z0-9]+/;

/** The distinct words of a text, folded, in the order they first appear. */
export function wordsOf(text: string): string[] {
  // ASCII text, most posts, folds by lower case alone and holds no script without spaces: a third of the cost.
  const ascii = !NOT_ASCII.test(text);
  const words = ascii
    ? text.toLowerCase().split(NOT_ASCII_WORD)
    : foldText(text).replace(UNSPACED, ' $& ').split(NOT_WORD);
  const distinct = new Set<string>();
  for (const word of words) if (word.length > 0) distinct.add(word);
  return [...distinct];
}

/** Long enough for an index entry: three letters or more, or a Chinese or Japanese character. */
export function longEnough(word: string): boolean {
  return word.length >= 3 || UNSPACED_CHAR.test(word);
}

/**
 * A text's words but the short ones: what a write on this device indexes when its words were not split ahead (a
 * pull's are: data/prepareWords.ts). The common words in it only add entries, which a query never asks for.
 */
export function longWordsOf(text: string): string[] {
  return wordsOf(text).filter(longEnough);
}
