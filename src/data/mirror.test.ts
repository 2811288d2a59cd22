import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { enqueueDeletePost, enqueueEdit, enqueueReply } from '../sync/outbox.ts';
import { openMirror } from './mirror.ts';
import { inbox } from './queries/messages.ts';
import { unreadCount } from './queries/unreadCounts.ts';
import { threadPosts } from './queries/posts.ts';
import { categoryTypeThreads } from './queries/threads.ts';
import { toMessageRow, toThreadRow } from './rows.ts';
import type { ProfileRow } from './types.ts';

const newMirror = (factory = new IDBFactory()) => openMirror({ indexedDB: factory, IDBKeyRange });

function profile(id: string, username: string): ProfileRow {
  const at = '2026-11-01T00:00:00Z';
  return {
    id,
    username,
    display_name: null,
    bio: null,
    avatar_url: null,
    wallet_address: null,
    wallet_verified: false,
    role: 'user',
    reputation: 0,
    is_banned: false,
    thread_count: 0,
    tips_received: 0,
    reply_count: 0,
    last_seen_at: null,
    created_at: at,
    updated_at: at,
    sync_txid: 1,
  };
}

function thread(id: string, createdAt: string, pinned = false) {
  return toThreadRow(
    {
      id,
      slug: id,
      title: `Thread ${id}`,
      category_id: 'cat',
      author_id: 'u1',
      is_pinned: pinned,
      is_locked: false,
      is_ad: false,
      view_count: 0,
      reply_count: 0,
      last_reply_at: null,
      highest_post_number: 0,
      created_at: createdAt,
      updated_at: createdAt,
      sync_txid: 1,
    },
    'guapcoin',
  );
}

const writer = (db: ReturnType<typeof newMirror>) => ({
  db,
  userId: 'u1',
  now: () => Date.parse('2026-11-20T10:00:00Z'),
});

describe('mirror', () => {
  it('keeps the outbox across a close and reopen, as after a reload or a crash', async () => {
    const factory = new IDBFactory();
    const first = newMirror(factory);
    await enqueueReply(writer(first), { threadId: 't1', content: 'Survives reloads', images: [] });
    first.close();
    const second = newMirror(factory);
    const [entry] = await second.outbox.toArray();
    expect(entry?.write.kind === 'reply' && entry.write.post.content).toBe('Survives reloads');
    expect((await threadPosts(second, 't1')).map((p) => [p.content, p._status])).toEqual([
      ['Survives reloads', 'sending'],
    ]);
  });

  it('lists a category type pinned first, then newest first', async () => {
    const db = newMirror();
    await db.threads.bulkPut([
      thread('old', '2026-11-01T00:00:00Z'),
      thread('new', '2026-11-03T00:00:00Z'),
      thread('pinned-old', '2026-10-01T00:00:00Z', true),
      { ...thread('other-type', '2026-11-04T00:00:00Z'), _category_type: 'crypto' },
    ]);
    expect((await categoryTypeThreads(db, 'guapcoin')).map((t) => t.id)).toEqual(['pinned-old', 'new', 'old']);
    expect((await categoryTypeThreads(db, 'guapcoin', 1, 1)).map((t) => t.id)).toEqual(['new']);
  });

  it('reads a thread oldest first with each author', async () => {
    const db = newMirror();
    await db.profiles.bulkPut([profile('u1', 'satoshi'), profile('u2', 'vitalik')]);
    const post = (id: string, author: string, at: string) => ({
      id,
      thread_id: 't1',
      author_id: author,
      content: id,
      type: 'reply' as const,
      images: [],
      is_first_post: false,
      post_number: 1,
      is_edited: false,
      version: 1,
      like_count: 0,
      hidden_at: null,
      created_at: at,
      updated_at: at,
      sync_txid: 1,
    });
    await db.posts.bulkPut([
      post('second', 'u2', '2026-11-02T00:00:00Z'),
      post('first', 'u1', '2026-11-01T00:00:00Z'),
      { ...post('elsewhere', 'u1', '2026-11-01T00:00:00Z'), thread_id: 't2' },
    ]);
    expect((await threadPosts(db, 't1')).map((p) => [p.id, p.author?.username])).toEqual([
      ['first', 'satoshi'],
      ['second', 'vitalik'],
    ]);
  });

  it('lists the inbox newest first and counts only unread messages', async () => {
    const db = newMirror();
    const message = (id: string, at: string, read: boolean) =>
      toMessageRow({
        id,
        sender_id: 'u2',
        recipient_id: 'u1',
        subject: id,
        content: id,
        is_read: read,
        created_at: at,
        updated_at: at,
        sync_txid: 1,
      });
    await db.messages.bulkPut([
      message('a', '2026-11-01T00:00:00Z', true),
      message('b', '2026-11-02T00:00:00Z', false),
      message('c', '2026-11-03T00:00:00Z', false),
    ]);
    expect((await inbox(db, 'u1')).map((m) => m.id)).toEqual(['c', 'b', 'a']);
    expect(await unreadCount(db, 'u1')).toBe(2);
    expect(await unreadCount(db, 'u2')).toBe(0);
  });
});

describe('outbox writes', () => {
  it('folds an edit of an unsent reply into the reply, so one write goes out', async () => {
    const db = newMirror();
    const id = await enqueueReply(writer(db), { threadId: 't1', content: 'Frist', images: [] });
    await enqueueEdit(writer(db), { postId: id, content: 'First', images: [] });
    const entries = await db.outbox.toArray();
    expect(entries.map((e) => e.write.kind)).toEqual(['reply']);
    expect(entries[0]!.write.kind === 'reply' && entries[0]!.write.post.content).toBe('First');
    expect(entries[0]!.rev).toBe(1);
  });

  it('drops a reply never sent when it is deleted, and sends a delete for one that may have landed', async () => {
    const db = newMirror();
    const unsent = await enqueueReply(writer(db), { threadId: 't1', content: 'Never sent', images: [] });
    await enqueueDeletePost(writer(db), unsent);
    expect(await db.outbox.count()).toBe(0);
    expect(await db.posts.get(unsent)).toBeUndefined();

    const tried = await enqueueReply(writer(db), { threadId: 't1', content: 'Maybe landed', images: [] });
    await db.outbox.toCollection().modify({ attempts: 1 });
    await enqueueDeletePost(writer(db), tried);
    expect((await db.outbox.toArray()).map((e) => e.write)).toEqual([{ kind: 'deletePost', id: tried }]);
  });
});
