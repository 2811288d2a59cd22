// The engine and a rate limit, on a fake-indexeddb mirror: a PT429 answer holds the write (and those behind it) for
// the time the server asked, counts no attempt and fails nothing; the write goes once that time is over.
import { expect, it } from 'vitest';
import { testEngine } from './testEngine.ts';
import type { PushOutcome, WriteKind } from './writeKind.ts';
import { registerWriteKind } from './writeKinds.ts';

interface PacedWrite {
  kind: 'paced';
  id: string;
}

declare module '../data/outboxTypes.ts' {
  interface WritePayloads {
    paced: PacedWrite;
  }
}

const TOO_QUICK = {
  message: 'You are posting too quickly. Please wait 5 seconds.',
  code: 'PT429',
  status: 429,
  details: '{"limit":"post_interval","retry_after_s":5}',
};

/** What the server does: refuses a write while the limit holds, else takes it; records what it took. */
const server = { limitedUntil: 0, now: 0, sent: [] as string[], tried: [] as string[] };

registerWriteKind({
  name: 'paced',
  tables: [],
  target: (write) => write.id,
  push: (_ctx, write): Promise<PushOutcome> => {
    server.tried.push(write.id);
    if (server.now < server.limitedUntil) {
      return Promise.resolve({ result: 'failed', failure: TOO_QUICK, changes: [] });
    }
    server.sent.push(write.id);
    return Promise.resolve({ result: 'sent', changes: [] });
  },
} satisfies WriteKind<PacedWrite>);

it('waits out a rate limit with the writes behind it, in order, and sends them all once it is over', async () => {
  const { db, clock, engine, scheduled } = await testEngine(
    ['a', 'b', 'c'].map((id): PacedWrite => ({ kind: 'paced', id })),
  );
  server.now = clock.t;
  server.limitedUntil = clock.t + 5_000;

  await engine.flushAs('u1');
  // Refused once, and nothing behind it tried: the order holds.
  expect(server.tried).toEqual(['a']);
  const waiting = await db.outbox.toArray();
  expect(waiting.map((e) => e.id)).toEqual(['a', 'b', 'c']);
  expect(waiting[0]).toMatchObject({
    attempts: 0,
    notBefore: clock.t + 5_000,
    rateLimit: { limit: 'post_interval', message: TOO_QUICK.message },
  });
  expect(await db.failed.count()).toBe(0);
  expect(engine.status.get()).toMatchObject({
    pending: 3,
    failed: 0,
    rateLimit: { target: 'a', until: clock.t + 5_000, limit: 'post_interval' },
  });
  expect(scheduled.at(-1)).toBe(5_000);

  // Woken early (the member came back online): still waiting, nothing sent, the wait still shown.
  clock.t += 2_000;
  await engine.flushAs('u1');
  expect(server.tried).toEqual(['a']);
  expect(scheduled.at(-1)).toBe(3_000);
  expect(engine.status.get().rateLimit).toMatchObject({ target: 'a', until: clock.t + 3_000 });

  clock.t += 3_000;
  server.now = clock.t;
  await engine.flushAs('u1');
  expect(server.sent).toEqual(['a', 'b', 'c']);
  expect(await db.outbox.count()).toBe(0);
  expect(await db.failed.count()).toBe(0);
  expect(engine.status.get()).toMatchObject({ pending: 0, failed: 0, rateLimit: null });
});
