// Read positions through the outbox and settle, on a fake-indexeddb mirror: one waiting write per thread, never lower.
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { openMirror, type Mirror } from '../../data/mirror.ts';
import { settleSent } from '../settle.ts';
import { enqueueReadPosition } from './readPosition.ts';

const now = Date.parse('2026-11-20T10:00:00Z');
const writer = (db: Mirror) => ({ db, userId: 'u1', now: () => now });

async function state(db: Mirror) {
  const [rows, outbox] = await Promise.all([db.threadReads.toArray(), db.outbox.toArray()]);
  return {
    reads: rows.map((r) => [r.thread_id, r.last_read_post_number, r._status ?? 'sent']),
    waiting: outbox.map((e) => e.write),
  };
}

describe('a read position', () => {
  it('folds many moves on one thread into one waiting write, the latest, and never goes lower', async () => {
    const db = openMirror({ indexedDB: new IDBFactory(), IDBKeyRange });
    for (const n of [3, 7, 5, 12, 9]) await enqueueReadPosition(writer(db), 't1', n);
    await enqueueReadPosition(writer(db), 't2', 4);
    expect(await state(db)).toEqual({
      reads: [
        ['t1', 12, 'sending'],
        ['t2', 4, 'sending'],
      ],
      waiting: [
        { kind: 'readPosition', threadId: 't1', postNumber: 12 },
        { kind: 'readPosition', threadId: 't2', postNumber: 4 },
      ],
    });
  });

  it('queues nothing for a position the member has already passed', async () => {
    const db = openMirror({ indexedDB: new IDBFactory(), IDBKeyRange });
    await db.threadReads.put({
      user_id: 'u1',
      thread_id: 't1',
      last_read_post_number: 8,
      updated_at: '',
      sync_txid: 5,
    });
    await enqueueReadPosition(writer(db), 't1', 6);
    expect(await state(db)).toEqual({ reads: [['t1', 8, 'sent']], waiting: [] });
  });

  it('keeps a move made while the earlier one was on the wire, and sends it next', async () => {
    const db = openMirror({ indexedDB: new IDBFactory(), IDBKeyRange });
    await enqueueReadPosition(writer(db), 't1', 3);
    const [sent] = await db.outbox.toArray();
    await enqueueReadPosition(writer(db), 't1', 10);
    const row = { user_id: 'u1', thread_id: 't1', last_read_post_number: 3, updated_at: '', sync_txid: 6 };
    await settleSent(db, sent!, { result: 'sent', changes: [{ table: 'threadReads', row }] });
    expect(await state(db)).toEqual({
      reads: [['t1', 10, 'sending']],
      waiting: [{ kind: 'readPosition', threadId: 't1', postNumber: 10 }],
    });
  });
});
