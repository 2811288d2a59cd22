// Reports through the outbox, on a fake-indexeddb mirror: the post says "Reported" at once, once per member.
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { expect, it } from 'vitest';
import { openMirror } from '../../data/mirror.ts';
import { reportedPosts } from '../../data/queries/moderation.ts';
import { moveToFailed } from '../failed.ts';
import { enqueueReport } from './report.ts';

async function mirrorWithPosts() {
  const db = openMirror({ indexedDB: new IDBFactory(), IDBKeyRange });
  const at = '2026-11-01T00:00:00Z';
  const post = {
    thread_id: 't',
    content: 'Send me your seed phrase',
    type: 'reply' as const,
    images: [],
    is_first_post: false,
    post_number: 2,
    is_edited: false,
    version: 1,
    like_count: 0,
    hidden_at: null,
    created_at: at,
    updated_at: at,
    sync_txid: 4,
  };
  await db.posts.bulkPut([
    { ...post, id: 'theirs', author_id: 'spammer' },
    { ...post, id: 'mine', author_id: 'me' },
  ]);
  return db;
}

it('marks the post reported at once and queues one report, however often the member asks', async () => {
  const db = await mirrorWithPosts();
  const ctx = { db, userId: 'me', now: () => Date.parse('2026-11-02T00:00:00Z') };
  const id = await enqueueReport(ctx, { postId: 'theirs', reason: 'other', details: '  Phishing.  ' });
  expect(await enqueueReport(ctx, { postId: 'theirs', reason: 'spam', details: null })).toBe(id);
  expect(await reportedPosts(db, 'me')).toEqual(new Set(['theirs']));
  // Another member on this device has reported nothing.
  expect(await reportedPosts(db, 'someone')).toEqual(new Set());
  const entries = await db.outbox.toArray();
  expect(entries.map((e) => e.write)).toEqual([
    { kind: 'report', report: { id, post_id: 'theirs', reporter_id: 'me', reason: 'other', details: 'Phishing.' } },
  ]);
  expect(await db.reports.get(id)).toMatchObject({ _status: 'sending', created_at: '2026-11-02T00:00:00.000Z' });
});

it('refuses the member\'s own post, and sends no details with a reason other than "other"', async () => {
  const db = await mirrorWithPosts();
  const ctx = { db, userId: 'me', now: () => 1 };
  await expect(enqueueReport(ctx, { postId: 'mine', reason: 'spam', details: null })).rejects.toThrow(
    'You cannot report your own post',
  );
  await enqueueReport(ctx, { postId: 'theirs', reason: 'abusive', details: 'ignored' });
  expect((await db.outbox.toArray()).map((e) => e.write)).toMatchObject([{ report: { details: null } }]);
});

it('reports again after a refusal as a fresh attempt: the refused one leaves the failed list', async () => {
  const db = await mirrorWithPosts();
  const ctx = { db, userId: 'me', now: () => 1 };
  const first = await enqueueReport(ctx, { postId: 'theirs', reason: 'spam', details: null });
  const [entry] = await db.outbox.toArray();
  await moveToFailed(db, entry!, 2, { reason: 'You have already reported this post', code: '23505' });
  expect(await db.reports.get(first)).toMatchObject({ _status: 'failed' });
  const second = await enqueueReport(ctx, { postId: 'theirs', reason: 'off_topic', details: null });
  expect(second).not.toBe(first);
  expect(await db.failed.count()).toBe(0);
  expect(await db.reports.get(first)).toBeUndefined();
  expect((await db.outbox.toArray()).map((e) => e.write)).toMatchObject([{ report: { id: second } }]);
});
