// Keeps the mirror's word index right: every post and thread written to the mirror, by any path (pulls, a kept
// thread's fetch, local writes and their settling, edits), is stored with the words of its text in `_words`, a
// multi-entry index. A deleted row takes its index entries with it, so deletes need nothing here. A pull splits its
// rows' words ahead of its write (prepareWords.ts), and the write looks them up.
import type { DBCore, Middleware } from 'dexie';
import { longWordsOf } from '../content/searchWords.ts';

/** The text each indexed table is searched by. */
export const INDEXED_TEXT: Record<string, (row: Record<string, unknown>) => unknown> = {
  posts: (post) => post.content,
  threads: (thread) => thread.title,
};

/** Words split ahead of a write (prepareWords.ts), by row object, with the text they were split from. */
export const preparedWords = new WeakMap<object, { text: string; words: string[] }>();

/** The words a row of `table` is found by. */
function indexedWords(table: 'posts' | 'threads', row: Record<string, unknown>): string[] {
  const text = INDEXED_TEXT[table]!(row);
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
      if (name !== 'posts' && name !== 'threads') return table;
      const index = (row: Record<string, unknown>) => ({ ...row, _words: indexedWords(name, row) });
      return {
        ...table,
        mutate: (req) =>
          table.mutate(req.type === 'add' || req.type === 'put' ? { ...req, values: req.values.map(index) } : req),
      };
    },
  }),
};
