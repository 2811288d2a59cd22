// Marking notifications read through the outbox, on a fake-indexeddb mirror.
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { expect, it } from 'vitest';
import { openMirror, type Mirror } from '../../data/mirror.ts';
import { toMessageRow, toNotificationRow } from '../../data/rows.ts';
import { enqueueMarkNotificationsRead } from './markNotificationsRead.ts';
import { enqueueMarkRead } from './markRead.ts';

const now = Date.parse('2026-11-25T10:00:00Z');

function notification(id: string, recipient: string, fields: { read?: boolean; message?: string } = {}) {
  return toNotificationRow({
    id,
    recipient_id: recipient,
    actor_id: 'u9',
    kind: fields.message ? 'message' : 'reply',
    thread_id: fields.message ? null : 't1',
    post_id: fields.message ? null : `post-${id}`,
    message_id: fields.message ?? null,
    actor_count: 1,
    read_at: fields.read ? '2026-11-24T00:00:00Z' : null,
    created_at: '2026-11-24T00:00:00Z',
    updated_at: '2026-11-24T00:00:00Z',
    sync_txid: 5,
  });
}

async function mirror(): Promise<Mirror> {
  const db = openMirror({ indexedDB: new IDBFactory(), IDBKeyRange });
  await db.notifications.bulkPut([
    notification('a', 'u1'),
    notification('b', 'u1'),
    notification('old', 'u1', { read: true }),
    notification('theirs', 'u2'),
    notification('m', 'u1', { message: 'msg1' }),
  ]);
  return db;
}

const unread = async (db: Mirror) => (await db.notifications.filter((n) => n._unread === 1).primaryKeys()).sort();

it("marks all the member's unread notifications read at once, in one write, and stamps when", async () => {
  const db = await mirror();
  const ctx = { db, userId: 'u1', now: () => now };
  expect(await enqueueMarkNotificationsRead(ctx)).toBe(3);
  expect((await db.outbox.toArray()).map((e) => e.write)).toEqual([
    { kind: 'markNotificationsRead', ids: ['a', 'b', 'm'] },
  ]);
  expect((await db.notifications.get('a'))?.read_at).toBe('2026-11-25T10:00:00.000Z');
  expect((await db.notifications.get('old'))?.read_at).toBe('2026-11-24T00:00:00Z');
  expect(await unread(db)).toEqual(['theirs']);
});

it('marks one when asked for one, and queues nothing for one already read or not the member’s', async () => {
  const db = await mirror();
  const ctx = { db, userId: 'u1', now: () => now };
  expect(await enqueueMarkNotificationsRead(ctx, ['b'])).toBe(1);
  expect(await enqueueMarkNotificationsRead(ctx, ['old', 'theirs', 'gone'])).toBe(0);
  expect((await db.outbox.toArray()).map((e) => e.write)).toEqual([{ kind: 'markNotificationsRead', ids: ['b'] }]);
  expect(await unread(db)).toEqual(['a', 'm', 'theirs']);
});

it("reads a message's notification when the message is marked read", async () => {
  const db = await mirror();
  await db.messages.put(
    toMessageRow({
      id: 'msg1',
      sender_id: 'u9',
      recipient_id: 'u1',
      subject: 'Hi',
      content: 'Hello there',
      is_read: false,
      created_at: '2026-11-24T00:00:00Z',
      updated_at: '2026-11-24T00:00:00Z',
      sync_txid: 4,
    }),
  );
  await enqueueMarkRead({ db, userId: 'u1', now: () => now }, 'msg1');
  expect((await db.outbox.toArray()).map((e) => e.write.kind).sort()).toEqual(['markNotificationsRead', 'markRead']);
  expect(await unread(db)).toEqual(['a', 'b', 'theirs']);
});
