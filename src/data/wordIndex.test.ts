// A write to the mirror before the word index's code has loaded (it loads with the first write, not with the first
// screen) is found by search all the same, and by its own words once merged.
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { expect, it, vi } from 'vitest';
import type { PostRow } from './types.ts';

const post = (id: string, content: string): PostRow => ({
  id,
  thread_id: 't1',
  author_id: 'u1',
  content,
  type: 'reply',
  images: [],
  is_first_post: false,
  post_number: 2,
  is_edited: false,
  version: 1,
  like_count: 0,
  hidden_at: null,
  created_at: '2026-11-02T00:00:00Z',
  updated_at: '2026-11-02T00:00:00Z',
  sync_txid: 1,
});

it('finds a post written before the code that splits its words had loaded, and by its words alone once merged', async () => {
  // Modules of their own: no write of another file has loaded the word index's code.
  vi.resetModules();
  const { openMirror } = await import('./mirror.ts');
  const { splitsWords } = await import('./wordIndex.ts');
  const { searchMirror } = await import('./queries/search.ts');
  const { postedIds } = await import('./wordPostings.ts');
  const db = openMirror({ indexedDB: new IDBFactory(), IDBKeyRange });
  await db.posts.put(post('p1', 'Lock the collateral first'));
  await db.threads.put({ id: 't1', slug: 't1', title: 'Topic', created_at: '2026-11-01' } as never);
  const found = async (query: string) =>
    (await searchMirror(db, query, { threads: 6, members: 0 })).threads.map((t) => t.post_id);
  expect(await found('collateral')).toEqual(['p1']);
  expect(await found('zebra')).toEqual([]);
  // Unsplit, its id is a candidate of every word until a merge reads its text.
  expect(await postedIds(db, 'posts', 'zebra', 10)).toEqual(['p1']);

  await splitsWords();
  for (let i = 2; i <= 40; i++) await db.posts.put(post(`p${i}`, `Note ${i} on the ledger`));
  expect(await postedIds(db, 'posts', 'zebra', 10)).toEqual([]);
  expect(await postedIds(db, 'posts', 'collateral', 10)).toEqual(['p1']);
  expect(await found('collateral')).toEqual(['p1']);
  expect(await postedIds(db, 'posts', 'ledger', 100)).toHaveLength(39);
  db.close();
});
