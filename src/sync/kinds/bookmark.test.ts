// Bookmarks through the outbox and settle, on a fake-indexeddb mirror.
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { openMirror, type Mirror } from '../../data/mirror.ts';
import { settleSent } from '../settle.ts';
import { enqueueBookmark } from './bookmark.ts';
import { enqueueUnbookmark } from './unbookmark.ts';

const now = Date.parse('2026-11-20T10:00:00Z');
let ids = 0;
const writer = (db: Mirror) => ({ db, userId: 'u1', now: () => now, newId: () => `id${++ids}` });

async function mirrorWithPost() {
  const db = openMirror({ indexedDB: new IDBFactory(), IDBKeyRange });
  await db.posts.put({
    id: 'p1',
    thread_id: 't1',
    post_number: 2,
    author_id: 'u2',
    content: 'Words',
    type: 'reply',
    images: [],
    is_first_post: false,
    is_edited: false,
    version: 1,
    like_count: 0,
    hidden_at: null,
    created_at: '2026-11-19T10:00:00Z',
    updated_at: '2026-11-19T10:00:00Z',
    sync_txid: 10,
  });
  return db;
}

/** A bookmark the server already has (its sync_txid), as a pull brings it. */
const savedBookmark = {
  id: 'b-saved',
  user_id: 'u1',
  post_id: 'p1',
  thread_id: 't1',
  note: null,
  created_at: '2026-11-19T11:00:00Z',
  updated_at: null,
  sync_txid: 20,
};

async function state(db: Mirror) {
  const [rows, outbox] = await Promise.all([db.bookmarks.toArray(), db.outbox.toArray()]);
  return {
    bookmarks: rows.map((b) => [b.post_id, b.note, b._status ?? 'sent']),
    waiting: outbox.map((e) => [e.write.kind, 'note' in e.write ? e.write.note : null]),
  };
}

describe('a bookmark', () => {
  it('shows at once as waiting, and a note changed while it waits joins the same write', async () => {
    const db = await mirrorWithPost();
    await enqueueBookmark(writer(db), 'p1', null);
    await enqueueBookmark(writer(db), 'p1', '  read later  ');
    expect(await state(db)).toEqual({
      bookmarks: [['p1', 'read later', 'sending']],
      waiting: [['bookmark', 'read later']],
    });
  });

  it('refuses a note over 500 characters, changing nothing', async () => {
    const db = await mirrorWithPost();
    await expect(enqueueBookmark(writer(db), 'p1', 'x'.repeat(501))).rejects.toThrow(
      'A bookmark note can be at most 500 characters',
    );
    expect(await state(db)).toEqual({ bookmarks: [], waiting: [] });
  });

  it('takes a note of 500 emoji, which the dialog counts as 500 characters', async () => {
    const db = await mirrorWithPost();
    await enqueueBookmark(writer(db), 'p1', '🚀'.repeat(500));
    expect((await state(db)).waiting).toEqual([['bookmark', '🚀'.repeat(500)]]);
    await expect(enqueueBookmark(writer(db), 'p1', '🚀'.repeat(501))).rejects.toThrow(
      'A bookmark note can be at most 500 characters',
    );
  });

  it('removed while still unsent sends nothing at all', async () => {
    const db = await mirrorWithPost();
    await enqueueBookmark(writer(db), 'p1', 'note');
    const [row] = await db.bookmarks.toArray();
    await enqueueUnbookmark(writer(db), row!.id);
    expect(await state(db)).toEqual({ bookmarks: [], waiting: [] });
  });

  it('removed while on the wire is taken back on the server once it lands', async () => {
    const db = await mirrorWithPost();
    await enqueueBookmark(writer(db), 'p1', null);
    const [sent] = await db.outbox.toArray();
    const [row] = await db.bookmarks.toArray();
    await enqueueUnbookmark(writer(db), row!.id);
    const stored = { ...row!, sync_txid: 11, _status: undefined };
    await settleSent(db, sent!, { result: 'sent', changes: [{ table: 'bookmarks', row: stored }] });
    expect(await state(db)).toEqual({ bookmarks: [], waiting: [['unbookmark', null]] });
  });

  it('a saved bookmark removed while its new note waits is still removed on the server', async () => {
    const db = await mirrorWithPost();
    await db.bookmarks.put({ ...savedBookmark, note: 'old' });
    await enqueueBookmark(writer(db), 'p1', 'new note');
    await enqueueUnbookmark(writer(db), savedBookmark.id);
    expect(await state(db)).toEqual({ bookmarks: [], waiting: [['unbookmark', null]] });
  });

  it('a saved bookmark whose note change was refused is still removed on the server', async () => {
    const db = await mirrorWithPost();
    await db.bookmarks.put({ ...savedBookmark, _status: 'failed' });
    await enqueueUnbookmark(writer(db), savedBookmark.id);
    expect(await state(db)).toEqual({ bookmarks: [], waiting: [['unbookmark', null]] });
  });

  it("takes the server's row when another device bookmarked the post first", async () => {
    const db = await mirrorWithPost();
    await enqueueBookmark(writer(db), 'p1', 'mine');
    const [sent] = await db.outbox.toArray();
    const [row] = await db.bookmarks.toArray();
    const theirs = { ...row!, id: 'server-id', note: 'mine', sync_txid: 12, _status: undefined };
    await settleSent(db, sent!, {
      result: 'sent',
      changes: [
        { table: 'bookmarks', deleted: row!.id },
        { table: 'bookmarks', row: theirs },
      ],
    });
    expect((await db.bookmarks.toArray()).map((b) => [b.id, b.note, b._status])).toEqual([
      ['server-id', 'mine', undefined],
    ]);
    expect(await db.outbox.count()).toBe(0);
  });
});
