// A write whose send got no answer goes at the next flush asked for (a connection back, the service worker's sync),
// not only once its backoff is over; one the server answered with "try later" (a 503) still waits its backoff out.
import { beforeEach, expect, it } from 'vitest';
import { testEngine } from './testEngine.ts';
import type { PushOutcome, WriteKind } from './writeKind.ts';
import { registerWriteKind } from './writeKinds.ts';

interface CarriedWrite {
  kind: 'carried';
  id: string;
}

declare module '../data/outboxTypes.ts' {
  interface WritePayloads {
    carried: CarriedWrite;
  }
}

/** The way to the server: down (no answer), the server busy (503), or up. */
const server = { mode: 'up' as 'down' | 'busy' | 'up', tried: [] as string[], sent: [] as string[] };

registerWriteKind({
  name: 'carried',
  tables: [],
  target: (write) => write.id,
  push: (_ctx, write): Promise<PushOutcome> => {
    server.tried.push(write.id);
    if (server.mode === 'down') {
      return Promise.resolve({ result: 'failed', failure: { message: 'Failed to fetch', status: 0 }, changes: [] });
    }
    if (server.mode === 'busy') {
      return Promise.resolve({
        result: 'failed',
        failure: { message: 'Service Unavailable', status: 503 },
        changes: [],
      });
    }
    server.sent.push(write.id);
    return Promise.resolve({ result: 'sent', changes: [] });
  },
} satisfies WriteKind<CarriedWrite>);

beforeEach(() => Object.assign(server, { mode: 'up', tried: [], sent: [] }));

/** A device whose outbox holds a carried write of each id, in order. */
const deviceWith = (ids: string[]) => testEngine(ids.map((id): CarriedWrite => ({ kind: 'carried', id })));

it('sends a write that got no answer at the next flush, its backoff not over, with the writes behind it', async () => {
  const { db, clock, engine, scheduled } = await deviceWith(['a', 'b']);
  server.mode = 'down';
  for (let i = 0; i < 4; i++) await engine.flushAs('u1');
  expect(server.tried).toEqual(['a', 'a', 'a', 'a']);
  const [waiting] = await db.outbox.toArray();
  // Four failures: the timer's wait has grown to 6 s (half of 8 s, and half of the other half at random 0.5).
  expect(waiting).toMatchObject({ attempts: 4, notBefore: clock.t + 6_000, unanswered: true });
  expect(scheduled.at(-1)).toBe(6_000);
  expect(engine.status.get()).toMatchObject({ unreachable: true, pending: 2 });

  server.mode = 'up';
  clock.t += 1_000;
  await engine.flushAs('u1');
  expect(server.sent).toEqual(['a', 'b']);
  expect(await db.outbox.count()).toBe(0);
  expect(engine.status.get()).toMatchObject({ unreachable: false, pending: 0, failed: 0 });
});

it('keeps a write the server answered "try later" waiting until its backoff is over', async () => {
  const { db, clock, engine, scheduled } = await deviceWith(['a']);
  server.mode = 'busy';
  await engine.flushAs('u1');
  expect(await db.outbox.toArray()).toMatchObject([{ attempts: 1, notBefore: clock.t + 750, unanswered: false }]);

  server.mode = 'up';
  clock.t += 500;
  await engine.flushAs('u1');
  expect(server.tried).toEqual(['a']);
  expect(scheduled.at(-1)).toBe(250);

  clock.t += 250;
  await engine.flushAs('u1');
  expect(server.sent).toEqual(['a']);
  expect(await db.outbox.count()).toBe(0);
});

it('waits again after an answered failure, though the send before it got no answer', async () => {
  const { db, clock, engine } = await deviceWith(['a']);
  server.mode = 'down';
  await engine.flushAs('u1');
  server.mode = 'busy';
  await engine.flushAs('u1');
  expect(await db.outbox.toArray()).toMatchObject([{ attempts: 2, notBefore: clock.t + 1_500, unanswered: false }]);
  server.mode = 'up';
  await engine.flushAs('u1');
  expect(server.tried).toEqual(['a', 'a']);
});
