// A thread's posts in the order the server lists them, and the member's held posts: only their own, and only those
// hidden pending review.
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { expect, it } from 'vitest';
import { openMirror } from '../mirror.ts';
import type { PostRow } from '../types.ts';
import { heldPostCount, threadPosts } from './posts.ts';

function post(id: string, authorId: string, hiddenAt: string | null): PostRow {
  return {
    id,
    thread_id: 't',
    post_number: 1,
    author_id: authorId,
    content: hiddenAt === null ? 'Words' : '',
    type: 'reply',
    images: [],
    is_first_post: false,
    is_edited: false,
    version: 1,
    like_count: 0,
    hidden_at: hiddenAt,
    created_at: '2026-11-29T00:00:00Z',
    updated_at: '2026-11-29T00:00:00Z',
    sync_txid: 1,
  };
}

it("counts the member's own hidden posts, not their shown ones nor another member's hidden ones", async () => {
  const db = openMirror({ indexedDB: new IDBFactory(), IDBKeyRange });
  await db.posts.bulkPut([
    post('held', 'me', '2026-11-29T00:01:00Z'),
    post('shown', 'me', null),
    post('theirs', 'other', '2026-11-29T00:01:00Z'),
  ]);
  expect(await heldPostCount(db, 'me')).toBe(1);
  expect(await heldPostCount(db, 'other')).toBe(1);
  expect(await heldPostCount(db, 'nobody')).toBe(0);
  db.close();
});

it('lists posts written at one time by their number, and a post waiting to send after them', async () => {
  const db = openMirror({ indexedDB: new IDBFactory(), IDBKeyRange });
  const at = (id: string, postNumber: number, createdAt: string) => ({
    ...post(id, 'me', null),
    post_number: postNumber,
    created_at: createdAt,
  });
  await db.posts.bulkPut([
    at('a-fourth', 4, '2026-11-29T00:01:00Z'),
    at('b-waiting', 0, '2026-11-29T00:01:00Z'),
    at('c-third', 3, '2026-11-29T00:01:00Z'),
    at('d-first', 1, '2026-11-29T00:00:00Z'),
    at('e-second', 2, '2026-11-29T00:01:00Z'),
    at('f-later', 5, '2026-11-29T00:02:00Z'),
  ]);
  expect((await threadPosts(db, 't')).map((p) => p.id)).toEqual([
    'd-first',
    'e-second',
    'c-third',
    'a-fourth',
    'b-waiting',
    'f-later',
  ]);
  db.close();
});
