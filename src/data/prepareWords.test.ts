// A pull's rows have their words split ahead of the write, which stores those words; a row whose text changed since
// is indexed by its text as written, never by stale words.
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { expect, it } from 'vitest';
import { openMirror } from './mirror.ts';
import { prepareWords } from './prepareWords.ts';
import type { PostRow } from './types.ts';
import { postedIds } from './wordPostings.ts';

function post(id: string, content: string): PostRow {
  return {
    id,
    thread_id: 't1',
    post_number: 1,
    author_id: 'u1',
    content,
    type: 'reply',
    images: [],
    is_first_post: false,
    is_edited: false,
    version: 1,
    like_count: 0,
    hidden_at: null,
    created_at: '2026-11-02T00:00:00Z',
    updated_at: '2026-11-02T00:00:00Z',
    sync_txid: 1,
  };
}

const posted = async (db: ReturnType<typeof openMirror>, word: string) =>
  (await postedIds(db, 'posts', word, 1_000))?.sort();

it("posts the words split ahead, without the common ones, and a changed row's own words", async () => {
  const db = openMirror({ indexedDB: new IDBFactory(), IDBKeyRange });
  const rows = Array.from({ length: 120 }, (_, i) => post(`p${i}`, `The masternode number ${i} is up`));
  await prepareWords('posts', rows);
  rows[7] = { ...rows[7]!, content: 'Edited before the write: collateral' };
  rows[8]!.content = 'Changed in place: staking';
  await db.posts.bulkPut(rows);
  expect(await posted(db, 'masternode')).toHaveLength(118);
  expect(await posted(db, 'number')).toHaveLength(118);
  // Split ahead, "the" was left out; the rows changed since were split as written, common words and all.
  expect(await posted(db, 'the')).toEqual(['p7']);
  expect(await posted(db, 'collateral')).toEqual(['p7']);
  expect(await posted(db, 'staking')).toEqual(['p8']);
});
