// A new thread through the outbox, the failed list and a change of member, on a fake-indexeddb mirror.
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { openMirror, type Mirror } from '../../data/mirror.ts';
import { discardFailed, editFailed, moveToFailed } from '../failed.ts';
import { enqueueDeletePost, enqueueEdit, enqueueThread } from '../outbox.ts';
import { showPendingOf } from '../pendingRows.ts';

const now = Date.parse('2026-11-20T10:00:00Z');
const writer = (db: Mirror) => ({ db, userId: 'u1', now: () => now });

async function newThread() {
  const db = openMirror({ indexedDB: new IDBFactory(), IDBKeyRange });
  await db.categories.put({
    id: 'c1',
    name: 'Trading',
    description: null,
    slug: 'trading',
    color: '#f7931a',
    type: 'crypto',
    order_index: 1,
    is_active: true,
    sync_txid: 1,
  });
  const input = { categoryId: 'c1', title: 'Hello', slug: 'hello', content: 'Opening words', images: [] };
  const { threadId } = await enqueueThread(writer(db), input);
  const [post] = await db.posts.toArray();
  return { db, threadId, postId: post!.id };
}

async function shown(db: Mirror, threadId: string, postId: string) {
  const [thread, post] = await Promise.all([db.threads.get(threadId), db.posts.get(postId)]);
  return { thread: thread?._status, post: post && [post.content, post._status] };
}

describe('a new thread', () => {
  it('shows the thread and its opening post as sending, and folds an edit of the post into the waiting write', async () => {
    const { db, threadId, postId } = await newThread();
    expect((await db.threads.get(threadId))?._category_type).toBe('crypto');
    expect(await shown(db, threadId, postId)).toEqual({ thread: 'sending', post: ['Opening words', 'sending'] });
    expect(await db.keptThreads.get(threadId)).toBeDefined();

    await enqueueEdit(writer(db), { postId, content: 'Better opening', images: ['a.png'] });
    const entries = await db.outbox.toArray();
    expect(entries.map((e) => [e.write.kind, e.rev])).toEqual([['thread', 1]]);
    expect(entries[0]!.write.kind === 'thread' && entries[0]!.write.post).toMatchObject({
      content: 'Better opening',
      images: ['a.png'],
    });
  });

  it('still sends the thread when its opening post is deleted before it went out, then deletes the post', async () => {
    const { db, threadId, postId } = await newThread();
    await enqueueDeletePost(writer(db), postId);
    expect((await db.outbox.toArray()).map((e) => e.write.kind)).toEqual(['thread', 'deletePost']);
    expect(await shown(db, threadId, postId)).toEqual({ thread: 'sending', post: undefined });
  });

  it('marks both rows failed when refused; a new text sends it again, a discard removes both rows', async () => {
    const { db, threadId, postId } = await newThread();
    const refuse = async () => moveToFailed(db, (await db.outbox.toArray())[0]!, now, { reason: 'refused' });
    await refuse();
    expect(await shown(db, threadId, postId)).toEqual({ thread: 'failed', post: ['Opening words', 'failed'] });

    const [failed] = await db.failed.toArray();
    await editFailed(db, failed!.id, 'Second try', now + 1);
    expect(await db.failed.count()).toBe(0);
    const [again] = await db.outbox.toArray();
    expect(again?.write.kind === 'thread' && again.write.post.content).toBe('Second try');
    expect(await shown(db, threadId, postId)).toEqual({ thread: 'sending', post: ['Second try', 'sending'] });

    await refuse();
    await discardFailed(db, failed!.id);
    expect(await shown(db, threadId, postId)).toEqual({ thread: undefined, post: undefined });
    expect(await db.failed.count()).toBe(0);
  });

  it('is hidden from another member signing in on this device and shown again to its author', async () => {
    const { db, threadId, postId } = await newThread();
    await showPendingOf(db, 'u2');
    expect(await shown(db, threadId, postId)).toEqual({ thread: undefined, post: undefined });
    await showPendingOf(db, 'u1');
    expect(await shown(db, threadId, postId)).toEqual({ thread: 'sending', post: ['Opening words', 'sending'] });
    expect((await db.threads.get(threadId))?._category_type).toBe('crypto');
  });
});
