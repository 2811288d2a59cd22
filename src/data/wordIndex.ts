// Keeps the mirror's word index right: every post and thread written to the mirror, by any path (pulls, a kept
// thread's fetch, local writes and their settling, edits), is stored with the words of its text in `_words`, a
// multi-entry index. A deleted row takes its index entries with it, so deletes need nothing here. A pull splits its
// rows' words ahead of its write (prepareWords.ts), and the write looks them up.
import type { DBCore, Middleware } from 'dexie';
import { longWordsOf } from '../content/searchWords.ts';
import { SYNCED_TABLES, type IndexedStore } from './syncedTables.ts';

/** The column each indexed store is searched by, as its synced table declares. */
const INDEXED_COLUMN = new Map<string, string>(SYNCED_TABLES.flatMap((t) => (t.words ? [[t.mirror, t.words]] : [])));

export function isIndexed(table: string): table is IndexedStore {
  return INDEXED_COLUMN.has(table);
}

/** The text a row of an indexed store is searched by. */
export function indexedText(table: IndexedStore, row: object): unknown {
  return (row as Record<string, unknown>)[INDEXED_COLUMN.get(table)!];
}

/** Words split ahead of a write (prepareWords.ts), by row object, with the text they were split from. */
export const preparedWords = new WeakMap<object, { text: string; words: string[] }>();

/** The words a row of `table` is found by. */
function indexedWords(table: IndexedStore, row: Record<string, unknown>): string[] {
  const text = indexedText(table, row);
  if (typeof text !== 'string') return [];
  const known = preparedWords.get(row);
  return known?.text === text ? known.words : longWordsOf(text);
}

export const wordIndexMiddleware: Middleware<DBCore> = {
  stack: 'dbcore',
  name: 'WordIndex',
  // Above Dexie's own layers (level 0 and below), so live queries see the words each write changes.
  level: 10,
  create: (down) => ({
    ...down,
    table: (name) => {
      const table = down.table(name);
      if (!isIndexed(name)) return table;
      const index = (row: Record<string, unknown>) => ({ ...row, _words: indexedWords(name, row) });
      return {
        ...table,
        mutate: (req) =>
          table.mutate(req.type === 'add' || req.type === 'put' ? { ...req, values: req.values.map(index) } : req),
      };
    },
  }),
};
