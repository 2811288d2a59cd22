// Marking a message read through the outbox, on a fake-indexeddb mirror.
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { expect, it } from 'vitest';
import { openMirror } from '../../data/mirror.ts';
import { toMessageRow } from '../../data/rows.ts';
import { enqueueMarkRead } from '../outbox.ts';

const message = (id: string, sender: string, recipient: string, read: boolean) =>
  toMessageRow({
    id,
    sender_id: sender,
    recipient_id: recipient,
    subject: id,
    content: id,
    is_read: read,
    created_at: '2026-11-01T00:00:00Z',
    updated_at: '2026-11-01T00:00:00Z',
    sync_txid: 1,
  });

it('marks an unread message the member received as read at once, and queues nothing for any other', async () => {
  const db = openMirror({ indexedDB: new IDBFactory(), IDBKeyRange });
  await db.messages.bulkPut([
    message('unread', 'u2', 'u1', false),
    message('read', 'u2', 'u1', true),
    message('sent', 'u1', 'u2', false),
  ]);
  const ctx = { db, userId: 'u1', now: () => 0 };
  for (const id of ['unread', 'read', 'sent', 'gone']) await enqueueMarkRead(ctx, id);
  expect((await db.outbox.toArray()).map((e) => e.write)).toEqual([{ kind: 'markRead', id: 'unread' }]);
  expect(await db.messages.get('unread')).toMatchObject({ is_read: true, _unread: 0 });
  expect(await db.messages.get('sent')).toMatchObject({ is_read: false, _unread: 1 });
});
