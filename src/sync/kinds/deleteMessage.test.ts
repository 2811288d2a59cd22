// Deleting a message through the outbox, on a fake-indexeddb mirror.
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { expect, it } from 'vitest';
import { openMirror } from '../../data/mirror.ts';
import { toMessageRow } from '../../data/rows.ts';
import { enqueueDeleteMessage } from '../outbox.ts';

const message = (id: string) =>
  toMessageRow({
    id,
    sender_id: 'u2',
    recipient_id: 'u1',
    subject: id,
    content: id,
    is_read: false,
    created_at: '2026-11-01T00:00:00Z',
    updated_at: '2026-11-01T00:00:00Z',
    sync_txid: 1,
  });

it('takes the message off the mirror at once and queues its deletion, leaving the other messages', async () => {
  const db = openMirror({ indexedDB: new IDBFactory(), IDBKeyRange });
  await db.messages.bulkPut([message('gone'), message('kept')]);
  await enqueueDeleteMessage({ db, userId: 'u1', now: () => 0 }, 'gone');
  expect((await db.outbox.toArray()).map((e) => e.write)).toEqual([{ kind: 'deleteMessage', id: 'gone' }]);
  expect((await db.messages.toArray()).map((m) => m.id)).toEqual(['kept']);
});
