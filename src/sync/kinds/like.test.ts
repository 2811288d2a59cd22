// Likes and unlikes through the outbox, the failed list and settle, on a fake-indexeddb mirror.
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { openMirror, type Mirror } from '../../data/mirror.ts';
import { moveToFailed } from '../failed.ts';
import { settleRetry, settleSent } from '../settle.ts';
import { enqueueLike } from './like.ts';
import { enqueueUnlike } from './unlike.ts';

const now = Date.parse('2026-11-20T10:00:00Z');
const writer = (db: Mirror) => ({ db, userId: 'u1', now: () => now });

async function mirrorWithPosts() {
  const db = openMirror({ indexedDB: new IDBFactory(), IDBKeyRange });
  const post = (id: string, author: string) => ({
    id,
    thread_id: 't1',
    author_id: author,
    content: 'Words',
    type: 'reply' as const,
    images: [],
    is_first_post: false,
    post_number: 2,
    is_edited: false,
    version: 1,
    like_count: 3,
    hidden_at: null,
    created_at: '2026-11-19T10:00:00Z',
    updated_at: '2026-11-19T10:00:00Z',
    sync_txid: 10,
  });
  await db.posts.bulkPut([post('p1', 'u2'), post('own', 'u1')]);
  return db;
}

/** What the member sees of post p1: its count, their heart, and the writes waiting to go out. */
async function state(db: Mirror) {
  const [post, likes, outbox] = await Promise.all([db.posts.get('p1'), db.likes.toArray(), db.outbox.toArray()]);
  return {
    count: post?.like_count,
    likes: likes.map((l) => [l.post_id, l._status ?? 'sent']),
    waiting: outbox.map((e) => e.write.kind),
  };
}

async function settledLike(db: Mirror) {
  await db.likes.put({ id: 'l1', post_id: 'p1', user_id: 'u1', created_at: '2026-11-19T11:00:00Z', sync_txid: 11 });
}

describe('a like', () => {
  it('shows at once as waiting with the count one higher, and a second like changes nothing', async () => {
    const db = await mirrorWithPosts();
    await enqueueLike(writer(db), 'p1');
    expect(await state(db)).toEqual({ count: 4, likes: [['p1', 'sending']], waiting: ['like'] });
    await enqueueLike(writer(db), 'p1');
    expect(await state(db)).toEqual({ count: 4, likes: [['p1', 'sending']], waiting: ['like'] });
  });

  it("is refused on the member's own post, changing nothing", async () => {
    const db = await mirrorWithPosts();
    await expect(enqueueLike(writer(db), 'own')).rejects.toThrow('You cannot like your own post.');
    expect((await db.posts.get('own'))?.like_count).toBe(3);
    expect(await db.likes.count()).toBe(0);
    expect(await db.outbox.count()).toBe(0);
  });

  it('taken back while still waiting cancels both writes', async () => {
    const db = await mirrorWithPosts();
    await enqueueLike(writer(db), 'p1');
    await enqueueUnlike(writer(db), 'p1');
    expect(await state(db)).toEqual({ count: 3, likes: [], waiting: [] });
  });

  it('taken back after an attempt whose answer was lost still sends the unlike', async () => {
    const db = await mirrorWithPosts();
    await enqueueLike(writer(db), 'p1');
    const [entry] = await db.outbox.toArray();
    await settleRetry(db, entry!, now + 1000, 'fetch failed');
    await enqueueUnlike(writer(db), 'p1');
    expect(await state(db)).toEqual({ count: 3, likes: [], waiting: ['unlike'] });
  });

  it('taken back while on the wire: once the server has it, an unlike follows and the heart stays off', async () => {
    const db = await mirrorWithPosts();
    await enqueueLike(writer(db), 'p1');
    const [sent] = await db.outbox.toArray();
    await enqueueUnlike(writer(db), 'p1');
    const like = sent!.write.kind === 'like' ? sent!.write.like : undefined;
    const row = { ...like!, created_at: '2026-11-20T10:00:01Z', sync_txid: 12 };
    const post = { ...(await db.posts.get('p1'))!, like_count: 4, sync_txid: 12 };
    await settleSent(db, sent!, {
      result: 'sent',
      changes: [
        { table: 'likes', row },
        { table: 'posts', row: post },
      ],
    });
    expect(await state(db)).toEqual({ count: 3, likes: [], waiting: ['unlike'] });
  });

  it('taken back while on the wire and its answer lost: an unlike follows, since the server may have it', async () => {
    const db = await mirrorWithPosts();
    await enqueueLike(writer(db), 'p1');
    const [sent] = await db.outbox.toArray();
    await enqueueUnlike(writer(db), 'p1');
    await settleRetry(db, sent!, now + 1000, 'fetch failed');
    expect(await state(db)).toEqual({ count: 3, likes: [], waiting: ['unlike'] });
  });

  it('liked again after a refusal is a fresh attempt that leaves the failed list', async () => {
    const db = await mirrorWithPosts();
    await enqueueLike(writer(db), 'p1');
    await moveToFailed(db, (await db.outbox.toArray())[0]!, now, { reason: 'Your like could not be saved.' });
    await db.posts.update('p1', { like_count: 3 });
    await enqueueLike(writer(db), 'p1');
    expect(await state(db)).toEqual({ count: 4, likes: [['p1', 'sending']], waiting: ['like'] });
    expect(await db.failed.count()).toBe(0);
  });

  it('refused, shows as not sent in the failed list; taking it back removes it from there too', async () => {
    const db = await mirrorWithPosts();
    await enqueueLike(writer(db), 'p1');
    await moveToFailed(db, (await db.outbox.toArray())[0]!, now, { reason: 'Your like could not be saved.' });
    expect((await state(db)).likes).toEqual([['p1', 'failed']]);
    expect(await db.failed.count()).toBe(1);
    await enqueueUnlike(writer(db), 'p1');
    expect((await state(db)).likes).toEqual([]);
    expect(await db.failed.count()).toBe(0);
    expect(await db.outbox.count()).toBe(0);
  });
});

describe('an unlike', () => {
  it('of a sent like removes the heart, lowers the count and waits to be sent', async () => {
    const db = await mirrorWithPosts();
    await settledLike(db);
    await enqueueUnlike(writer(db), 'p1');
    expect(await state(db)).toEqual({ count: 2, likes: [], waiting: ['unlike'] });
    const [entry] = await db.outbox.toArray();
    expect(entry?.write).toEqual({ kind: 'unlike', like: { id: 'l1', post_id: 'p1', user_id: 'u1' } });
  });

  it('followed by a new like sends both, in order', async () => {
    const db = await mirrorWithPosts();
    await settledLike(db);
    await enqueueUnlike(writer(db), 'p1');
    await enqueueLike(writer(db), 'p1');
    expect(await state(db)).toEqual({ count: 3, likes: [['p1', 'sending']], waiting: ['unlike', 'like'] });
  });
});
