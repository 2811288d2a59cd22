// The watched-words lists of the moderation panel, online only: every list page by page, and adding or removing a
// word, each confirmed by the server before the screen changes.
import {
  addWatchedWord,
  fetchWatchedWords,
  removeWatchedWord,
  WATCHED_WORD_FAILURES,
  type WatchedWord,
} from '../../backend/watchedWords.ts';
import { usePagedQuery, type PagedQuery } from './usePagedQuery.ts';
import { useServerAction } from './useServerAction.ts';

export const useWatchedWords = (): PagedQuery<WatchedWord> =>
  usePagedQuery(
    ['watchedWords'],
    (client, shown: WatchedWord[]) => fetchWatchedWords(client, shown.length),
    'Failed to load the watched words',
  );

export const useAddWatchedWord = () => useServerAction(addWatchedWord, { failure: WATCHED_WORD_FAILURES.add });

export const useRemoveWatchedWord = () => useServerAction(removeWatchedWord, { failure: WATCHED_WORD_FAILURES.remove });

export { WATCH_ACTIONS, WATCHED_WORD_MAX } from '../../backend/watchedWords.ts';
