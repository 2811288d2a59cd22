// Eviction of stale threads' posts: a thread with a bookmark keeps its posts, however long nobody opened it.
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { expect, it } from 'vitest';
import { openMirror } from '../data/mirror.ts';
import { evictStaleThreads } from './keep.ts';

const DAY = 24 * 3600_000;
const now = Date.parse('2026-11-20T10:00:00Z');

function post(id: string, threadId: string) {
  return {
    id,
    thread_id: threadId,
    post_number: 1,
    author_id: 'u2',
    content: 'Words',
    type: 'reply' as const,
    images: [],
    is_first_post: true,
    is_edited: false,
    version: 1,
    like_count: 0,
    hidden_at: null,
    created_at: '2026-10-01T10:00:00Z',
    updated_at: '2026-10-01T10:00:00Z',
    sync_txid: 10,
  };
}

it('drops the posts of a stale thread but keeps those of a stale thread with a bookmark', async () => {
  const db = openMirror({ indexedDB: new IDBFactory(), IDBKeyRange });
  await db.posts.bulkPut([post('p-plain', 'plain'), post('p-marked', 'marked')]);
  await db.keptThreads.bulkPut([
    { thread_id: 'plain', touched_at: now - 30 * DAY },
    { thread_id: 'marked', touched_at: now - 30 * DAY },
  ]);
  await db.bookmarks.put({
    id: 'b1',
    user_id: 'u1',
    post_id: 'p-marked',
    thread_id: 'marked',
    note: null,
    created_at: '2026-10-02T00:00:00Z',
    updated_at: null,
    sync_txid: 3,
  });
  expect(await evictStaleThreads(db, 0, now, 14 * DAY)).toBe(1);
  expect((await db.posts.toArray()).map((p) => p.id)).toEqual(['p-marked']);
  expect((await db.keptThreads.toArray()).map((k) => k.thread_id)).toEqual(['marked']);
});
