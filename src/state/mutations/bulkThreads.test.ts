// First: Dexie's live queries run only where it finds a global indexedDB, as in a browser.
import 'fake-indexeddb/auto';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { expect, it } from 'vitest';
import { openMirror } from '../../data/mirror.ts';
import { discardFailed, moveToFailed } from '../../sync/failed.ts';
import { enqueueThread } from '../../sync/outbox.ts';
import { threadSettled } from './bulkThreads.ts';

async function deviceWithThread() {
  const db = openMirror({ indexedDB: new IDBFactory(), IDBKeyRange });
  let id = 0;
  const ctx = { db, userId: 'u1', now: () => Date.parse('2026-11-24T10:00:00Z'), newId: () => `id-${++id}` };
  const { threadId } = await enqueueThread(ctx, {
    categoryId: 'c1',
    title: 'Fees, limits and you',
    slug: 'fees-limits-and-you',
    content: 'Line one, with a comma\nLine two',
    images: [],
  });
  const entry = (await db.outbox.toArray())[0]!;
  return { db, threadId, entry };
}

/** Whether the promise is still pending after the mirror had time to answer. */
async function pending(promise: Promise<unknown>) {
  const marker = Symbol('pending');
  const first = await Promise.race([promise, new Promise((resolve) => setTimeout(() => resolve(marker), 50))]);
  return first === marker;
}

it('waits while the thread is sending, and answers created once the server row replaced it', async () => {
  const { db, threadId } = await deviceWithThread();
  const settled = threadSettled(db, threadId, new AbortController().signal);
  expect(await pending(settled)).toBe(true);

  const row = (await db.threads.get(threadId))!;
  const { _status: _sending, ...serverRow } = row;
  await db.threads.put(serverRow);
  expect(await settled).toEqual({ status: 'created', threadId });
});

it('answers failed with the failed list reason and entry, so Retry failed can send that same write', async () => {
  const { db, threadId, entry } = await deviceWithThread();
  const settled = threadSettled(db, threadId, new AbortController().signal);
  await moveToFailed(db, entry, Date.now(), { reason: 'The server refused the content.', code: '23514' });
  expect(await settled).toEqual({
    status: 'failed',
    threadId,
    reason: 'The server refused the content.',
    failedWriteId: entry.id,
  });
});

it('a thread discarded from the failed list is failed, with no write left to retry', async () => {
  const { db, threadId, entry } = await deviceWithThread();
  await moveToFailed(db, entry, Date.now(), { reason: 'refused' });
  await discardFailed(db, entry.id);
  const settled = await threadSettled(db, threadId, new AbortController().signal);
  expect(settled).toMatchObject({ status: 'failed', threadId });
  expect(settled).not.toHaveProperty('failedWriteId');
});

it('a stop ends the waiting, not the write: it answers waiting and the write stays in the outbox', async () => {
  const { db, threadId } = await deviceWithThread();
  const stop = new AbortController();
  const settled = threadSettled(db, threadId, stop.signal);
  expect(await pending(settled)).toBe(true);
  stop.abort();
  expect(await settled).toEqual({ status: 'waiting', threadId });
  expect(await db.outbox.count()).toBe(1);
  expect((await db.threads.get(threadId))?._status).toBe('sending');
});
