// The page's send side with the flush in the sync worker: the worker's code (flushInWorker) runs over the same
// mirror and locks, and what it reports (a rate limit, a retry, a bug) shows on the page as when the page sent.
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { beforeEach, expect, it } from 'vitest';
import type { ForumClient } from '../backend/client.ts';
import { openMirror } from '../data/mirror.ts';
import { SyncEngine } from './engine.ts';
import { flushInWorker } from './flushInWorker.ts';
import { memoryLocks } from './locks.ts';
import type { FlushRunner } from './pullLeader.ts';
import { addWrites } from './testEngine.ts';
import type { PushOutcome, WriteKind } from './writeKind.ts';
import { registerWriteKind } from './writeKinds.ts';

interface RelayedWrite {
  kind: 'relayed';
  id: string;
}

declare module '../data/outboxTypes.ts' {
  interface WritePayloads {
    relayed: RelayedWrite;
  }
}

const TOO_QUICK = {
  message: 'You are posting too quickly. Please wait 5 seconds.',
  code: 'PT429',
  status: 429,
  details: '{"limit":"post_interval","retry_after_s":5}',
};

/** The server: a rate limit, or a bug in the kind's code, else it takes the write. */
const server = { limited: false, broken: false, sent: [] as string[] };

registerWriteKind({
  name: 'relayed',
  tables: [],
  target: (write) => write.id,
  push: (_ctx, write): Promise<PushOutcome> => {
    if (server.broken) throw new TypeError('a bug in the kind');
    if (server.limited) return Promise.resolve({ result: 'failed', failure: TOO_QUICK, changes: [] });
    server.sent.push(write.id);
    return Promise.resolve({ result: 'sent', changes: [] });
  },
} satisfies WriteKind<RelayedWrite>);

beforeEach(() => Object.assign(server, { limited: false, broken: false, sent: [] }));

function device(sessionUser: string, worker: { stopped?: boolean } = {}) {
  const db = openMirror({ indexedDB: new IDBFactory(), IDBKeyRange });
  const locks = memoryLocks();
  const scheduled: number[] = [];
  const bugs: string[] = [];
  const jobs: { accessToken: string | null; userId: string }[] = [];
  const client = {
    auth: {
      getSession: () =>
        Promise.resolve({ data: { session: { access_token: `token of ${sessionUser}`, user: { id: sessionUser } } } }),
    },
  } as unknown as ForumClient;
  // The worker's side, run over the same mirror and locks as the worker would.
  const flushOutbox: FlushRunner = (job, hear) => {
    jobs.push({ accessToken: job.accessToken, userId: job.userId });
    if (worker.stopped) return Promise.reject(new Error('The sync worker stopped: out of memory'));
    return flushInWorker({ db, client, locks }, { task: 'flush', backend: { url: '', anonKey: '' }, ...job }, hear);
  };
  const engine = new SyncEngine({
    db,
    client,
    clock: Date,
    timers: { setTimeout: (_fn, ms) => scheduled.push(ms), clearTimeout: () => undefined },
    random: () => 0.5,
    locks,
    env: {
      isOnline: () => true,
      isVisible: () => true,
      subscribe: () => () => undefined,
      logBug: (error, label) => bugs.push(`${label}: ${error instanceof Error ? error.message : String(error)}`),
    },
    flushOutbox,
  });
  const enqueue = (id: string) => addWrites(db, [{ kind: 'relayed', id }]);
  return { db, engine, scheduled, bugs, jobs, enqueue };
}

it("hands the worker the member's token, and shows its rate limit and retry on the page", async () => {
  const { db, engine, scheduled, jobs, enqueue } = device('u1');
  await enqueue('a');
  await enqueue('b');
  server.limited = true;
  await engine.flushAs('u1');
  expect(jobs).toEqual([{ accessToken: 'token of u1', userId: 'u1' }]);
  expect(engine.status.get()).toMatchObject({
    pending: 2,
    rateLimit: { target: 'a', limit: 'post_interval', message: TOO_QUICK.message },
  });
  expect(scheduled).toEqual([5_000]);

  server.limited = false;
  await db.outbox.toCollection().modify({ notBefore: 0 });
  await engine.flushAs('u1');
  expect(server.sent).toEqual(['a', 'b']);
  expect(engine.status.get()).toMatchObject({ pending: 0, failed: 0, rateLimit: null });
});

it("logs the worker's bug on the page, and keeps the write in the failed list", async () => {
  const { db, engine, bugs, enqueue } = device('u1');
  await enqueue('a');
  server.broken = true;
  await engine.flushAs('u1');
  expect(bugs).toEqual(['Sending a relayed write failed: a bug in the kind']);
  expect(await db.failed.count()).toBe(1);
  expect(engine.status.get()).toMatchObject({ pending: 0, failed: 1 });
});

it("asks the worker for nothing when the session is another member's", async () => {
  const { engine, jobs, enqueue } = device('u2');
  await enqueue('a');
  await engine.flushAs('u1');
  expect(jobs).toEqual([]);
  expect(server.sent).toEqual([]);
});

it('logs a worker that stopped mid-flush and tries again after a backoff, the write still waiting', async () => {
  const { db, engine, bugs, scheduled, enqueue } = device('u1', { stopped: true });
  await enqueue('a');
  await engine.flushAs('u1');
  expect(bugs).toEqual(['The sync worker stopped while sending; trying again: The sync worker stopped: out of memory']);
  expect(scheduled).toEqual([750]);
  expect(await db.outbox.count()).toBe(1);
  expect(engine.status.get().pending).toBe(1);
});

it('sets no retry timer for a flush that ends after the engine stopped (a sign-out mid-send)', async () => {
  const { engine, scheduled, enqueue } = device('u1');
  await engine.flushAs('u1');
  await enqueue('a');
  server.limited = true;
  const flushing = engine.flush();
  engine.stop();
  await flushing;
  expect(server.sent).toEqual([]);
  expect(scheduled).toEqual([]);
});

it('sends nothing once the engine has stopped', async () => {
  const { engine, jobs, enqueue } = device('u1');
  await enqueue('a');
  engine.stop();
  await engine.flushAs('u1');
  expect(jobs).toEqual([]);
  expect(server.sent).toEqual([]);
});
