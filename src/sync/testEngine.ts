// A sync engine over fake dependencies, for the unit tests that drive its flush by hand: a fresh fake-indexeddb
// mirror, a clock the test moves, timers that only record the waits asked for (the test flushes again itself), and a
// device always online and in view. Only tests import it: the app builds its engine in src/app/boot.
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import type { ForumClient } from '../backend/client.ts';
import { openMirror, type Mirror } from '../data/mirror.ts';
import type { Write } from '../data/outboxTypes.ts';
import { SyncEngine } from './engine.ts';
import { memoryLocks } from './locks.ts';

/** A test's write: its id is also the outbox row's. */
type TestWrite = Write & { id: string };

/** Adds the writes to the outbox one by one, in order, each a fresh row of u1's that may go at once. */
export async function addWrites(db: Mirror, writes: TestWrite[]): Promise<void> {
  for (const write of writes) {
    await db.outbox.add({ id: write.id, userId: 'u1', write, createdAt: 1, rev: 0, attempts: 0, notBefore: 0 });
  }
}

/**
 * An engine whose outbox holds the writes; `scheduled` is every wait it asked its timers for, in order. A test that
 * starts it hands it a client with an auth slice, and may keep it offline so that nothing is sent.
 */
export async function testEngine(writes: TestWrite[], { client = {} as ForumClient, online = true } = {}) {
  const db = openMirror({ indexedDB: new IDBFactory(), IDBKeyRange });
  const clock = { t: 1_000_000, now: () => clock.t };
  const scheduled: number[] = [];
  const engine = new SyncEngine({
    db,
    // The flush sends through the test's write kind, which never reaches the client.
    client,
    clock,
    timers: { setTimeout: (_fn, ms) => scheduled.push(ms), clearTimeout: () => undefined },
    random: () => 0.5,
    locks: memoryLocks(),
    env: { isOnline: () => online, isVisible: () => true, subscribe: () => () => undefined },
  });
  await addWrites(db, writes);
  return { db, clock, engine, scheduled };
}
