// A private message through the outbox and the failed list, on a fake-indexeddb mirror.
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { openMirror, type Mirror } from '../../data/mirror.ts';
import { discardFailed, editFailed, moveToFailed } from '../failed.ts';
import { enqueueMessage } from '../outbox.ts';

const now = Date.parse('2026-11-20T10:00:00Z');

async function refusedMessage() {
  const db = openMirror({ indexedDB: new IDBFactory(), IDBKeyRange });
  const id = await enqueueMessage(
    { db, userId: 'u1', now: () => now },
    { recipientId: 'u2', subject: 'Hi', content: 'Hello' },
  );
  expect(await shownAs(db, id)).toEqual(['Hello', 'sending']);
  await moveToFailed(db, (await db.outbox.toArray())[0]!, now, { reason: 'refused' });
  const [failed] = await db.failed.toArray();
  return { db, id, failedId: failed!.id };
}

async function shownAs(db: Mirror, id: string) {
  const row = await db.messages.get(id);
  return row && [row.content, row._status];
}

describe('a message', () => {
  it('shows as failed when refused; a new text shows in the message and is sent again', async () => {
    const { db, id, failedId } = await refusedMessage();
    expect(await shownAs(db, id)).toEqual(['Hello', 'failed']);
    await editFailed(db, failedId, 'Hello again', now + 1);
    expect(await shownAs(db, id)).toEqual(['Hello again', 'sending']);
    const [entry] = await db.outbox.toArray();
    expect(entry?.write.kind === 'message' && entry.write.message.content).toBe('Hello again');
    expect(await db.failed.count()).toBe(0);
  });

  it('leaves the device when its failure is discarded', async () => {
    const { db, id, failedId } = await refusedMessage();
    await discardFailed(db, failedId);
    expect(await db.messages.get(id)).toBeUndefined();
    expect(await db.failed.count()).toBe(0);
  });
});
