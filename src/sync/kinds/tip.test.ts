// Recording tips through the outbox, on a fake-indexeddb mirror: one entry per transaction, whoever asks how often.
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { expect, it } from 'vitest';
import { openMirror } from '../../data/mirror.ts';
import { enqueueTip } from './tip.ts';

const tip = {
  recipient_id: 'them',
  recipientName: 'satoshi',
  tx_hash: `0x${'ab'.repeat(32)}`,
  to_address: `0x${'12'.repeat(20)}`,
  amount_wei: '1500000000000000000',
  chain_id: 71111,
};

it('queues one record of a transaction, with an id made on this device, however often it is recorded', async () => {
  const db = openMirror({ indexedDB: new IDBFactory(), IDBKeyRange });
  const ctx = { db, userId: 'me', now: () => 1_000 };
  const id = await enqueueTip(ctx, tip);
  expect(await enqueueTip(ctx, tip)).toBe(id);
  const { recipientName, ...fields } = tip;
  expect((await db.outbox.toArray()).map((e) => [e.userId, e.write])).toEqual([
    ['me', { kind: 'tip', tip: { id, ...fields }, recipientName }],
  ]);

  // Another transaction is another tip.
  const other = await enqueueTip(ctx, { ...tip, tx_hash: `0x${'cd'.repeat(32)}` });
  expect(other).not.toBe(id);
  expect(await db.outbox.count()).toBe(2);
});
