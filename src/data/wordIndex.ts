// Keeps the mirror's word index right: every post and thread written to the mirror, by any path (pulls, a kept
// thread's fetch, local writes and their settling, edits), is stored with the words of its text in `_words`, a
// multi-entry index. A deleted row takes its index entries with it, so deletes need nothing here.
import type { DBCore, Middleware } from 'dexie';
import { indexWords } from '../content/searchWords.ts';

/** The text each indexed table is searched by. */
const INDEXED_TEXT: Record<string, (row: Record<string, unknown>) => unknown> = {
  posts: (post) => post.content,
  threads: (thread) => thread.title,
};

/** The words a row of `table` is found by. */
function indexedWords(table: 'posts' | 'threads', row: Record<string, unknown>): string[] {
  const text = INDEXED_TEXT[table]!(row);
  return typeof text === 'string' ? indexWords(text) : [];
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
