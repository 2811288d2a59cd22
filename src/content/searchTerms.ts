// What the index holds and what a query asks it: the long words of a text but the commonest English words, which are
// in most posts, so an entry for each finds nearly everything. A query drops them too, unless they are all it has
// (then they match as the start of longer words: "gu" still finds "guapx"). Apart from searchWords.ts, so the first
// screen, which only indexes its own writes, does not load the list.
import { longEnough, wordsOf } from './searchWords.ts';

const COMMON = new Set(
  (
    'the and for are but not you all can was one out has have this that with from they will would there ' +
    'their what about which when your some could them than then its how been were more'
  ).split(' '),
);
/** A query's words past this many add nothing a member would notice, and each costs a check per candidate. */
const MAX_QUERY_WORDS = 8;

/** Whether a word is worth an index entry: long enough, and not one of the commonest. */
function indexable(word: string): boolean {
  return longEnough(word) && !COMMON.has(word);
}

/** The words a text is indexed by: its words but the short and the common ones. */
export function indexWords(text: string): string[] {
  return wordsOf(text).filter(indexable);
}

/** A query's words, folded; each matches the start of an indexed word, so results follow the typing. */
export function searchTerms(query: string): string[] {
  const words = wordsOf(query);
  const kept = words.filter(indexable);
  return (kept.length > 0 ? kept : words).slice(0, MAX_QUERY_WORDS);
}

/** Whether every term starts one of the words. */
export function matchesAllTerms(words: readonly string[], terms: readonly string[]): boolean {
  return terms.every((term) => words.some((word) => word.startsWith(term)));
}
