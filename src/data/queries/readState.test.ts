// Read states from thread and read rows: new, unread with a count, read; and /threads' filters over the mirror.
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { openMirror } from '../mirror.ts';
import { toThreadRow } from '../rows.ts';
import type { ThreadReadRow } from '../types.ts';
import { readStateOf, threadIdsByReadFilter } from './readState.ts';

const me = { id: 'me', joinedAt: '2026-11-10T00:00:00Z' };

function thread(id: string, opts: { author?: string; createdAt?: string; highest?: number; activeAt?: string } = {}) {
  const createdAt = opts.createdAt ?? '2026-11-15T00:00:00Z';
  return toThreadRow(
    {
      id,
      slug: id,
      title: id,
      category_id: 'c',
      author_id: opts.author ?? 'other',
      is_pinned: false,
      is_locked: false,
      is_ad: false,
      view_count: 0,
      reply_count: 0,
      last_reply_at: opts.activeAt ?? null,
      highest_post_number: opts.highest ?? 5,
      created_at: createdAt,
      updated_at: createdAt,
      sync_txid: 1,
    },
    'guapcoin',
  );
}

const read = (threadId: string, n: number): ThreadReadRow => ({
  user_id: 'me',
  thread_id: threadId,
  last_read_post_number: n,
  updated_at: '2026-11-16T00:00:00Z',
  sync_txid: 2,
});

describe('readStateOf', () => {
  it('is new for a thread never opened, created by another member since the member joined', () => {
    expect(readStateOf(thread('t'), undefined, me)).toEqual({ kind: 'new' });
  });

  it('is not new for the member’s own thread, nor for one created before they joined', () => {
    expect(readStateOf(thread('t', { author: 'me' }), undefined, me)).toEqual({ kind: 'read' });
    expect(readStateOf(thread('t', { createdAt: '2026-11-01T00:00:00Z' }), undefined, me)).toEqual({ kind: 'read' });
  });

  it('counts the posts past the read position, and is read once it reaches the last post', () => {
    expect(readStateOf(thread('t', { highest: 9 }), read('t', 4), me)).toEqual({ kind: 'unread', count: 5 });
    expect(readStateOf(thread('t', { highest: 9 }), read('t', 9), me)).toEqual({ kind: 'read' });
    expect(readStateOf(thread('t', { highest: 9 }), read('t', 12), me)).toEqual({ kind: 'read' });
  });
});

describe('threadIdsByReadFilter', () => {
  it('lists all, unread or never opened threads, latest activity first', async () => {
    const db = openMirror({ indexedDB: new IDBFactory(), IDBKeyRange });
    await db.threads.bulkPut([
      thread('fresh', { activeAt: '2026-11-20T00:00:00Z' }),
      thread('moved', { highest: 8, activeAt: '2026-11-19T00:00:00Z' }),
      thread('done', { highest: 3, activeAt: '2026-11-21T00:00:00Z' }),
      thread('older-new', { activeAt: '2026-11-17T00:00:00Z' }),
    ]);
    await db.threadReads.bulkPut([read('moved', 2), read('done', 3)]);
    expect(await threadIdsByReadFilter(db, me, 'all')).toEqual(['done', 'fresh', 'moved', 'older-new']);
    expect(await threadIdsByReadFilter(db, me, 'unread')).toEqual(['moved']);
    expect(await threadIdsByReadFilter(db, me, 'new')).toEqual(['fresh', 'older-new']);
  });
});
