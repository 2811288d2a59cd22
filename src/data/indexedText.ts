// The text of an indexed store's rows (syncedTables.ts names the stores and their columns) that the word index splits
// into words, and the words a pull split ahead of its write.
import { INDEXED_COLUMN, type IndexedStore } from './syncedTables.ts';

/** The text a row of an indexed store is searched by. */
export function indexedText(table: IndexedStore, row: object): unknown {
  return (row as Record<string, unknown>)[INDEXED_COLUMN.get(table)!];
}

/** Words split ahead of a write (prepareWords.ts), by row object, with the text they were split from. */
export const preparedWords = new WeakMap<object, { text: string; words: string[] }>();
