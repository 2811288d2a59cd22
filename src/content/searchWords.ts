// The words a search matches: text folded to lower case without accents and split on anything but letters and
// digits. Posts and titles are indexed with these words, and a query is read with the same folding. A word matches
// from its start ("master" finds "masternode", "node" does not), as an index of words allows. Chinese and Japanese
// put no spaces between words, so each of their characters counts as a word: "世界" finds "你好世界". The index
// leaves out what narrows a search too little to pay for its entries: words of one or two letters and the commonest
// English words; a query drops them too, unless they are all it has (then they match as the start of longer words).

const MARKS = /\p{M}+/gu;
const NOT_WORD = /[^\p{L}\p{N}]+/u;
/** Scripts written without spaces between words. */
const UNSPACED = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/gu;
/** The commonest English words: in most posts, so an index entry for each finds nearly everything. */
const COMMON = new Set(
  (
    'the and for are but not you all any can had her was one our out has have this that with from they ' +
    'will would there their what about which when make like just know take into your some could them than ' +
    'then also its how well even want because these give most very who get been were said did does here ' +
    'where more much should being other only over such after before while those through'
  ).split(' '),
);
/** One character of a script written without spaces is a word of its own, however short. */
const UNSPACED_CHAR = /^[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]$/u;

/** Whether a word is worth an index entry: three letters or more, or a Chinese or Japanese character, and not common. */
function indexable(word: string): boolean {
  return (word.length >= 3 || UNSPACED_CHAR.test(word)) && !COMMON.has(word);
}

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

/** The words a text is indexed by: its words but the short and the common ones. */
export function indexWords(text: string): string[] {
  return wordsOf(text).filter(indexable);
}

/**
 * A query's words, folded; each matches the start of an indexed word, so results follow the typing. Short and common
 * words are dropped, as the index has none, unless they are the whole query: "gu" still finds "guapx".
 */
export function searchTerms(query: string): string[] {
  const words = wordsOf(query);
  const kept = words.filter(indexable);
  return (kept.length > 0 ? kept : words).slice(0, MAX_QUERY_WORDS);
}

/** Whether every term starts one of the words. */
export function matchesAllTerms(words: readonly string[], terms: readonly string[]): boolean {
  return terms.every((term) => words.some((word) => word.startsWith(term)));
}
