// The outbox against the database's rate limit, on the real local stack: replies written offline all post once the
// member is back, paced by the limit, none lost and none in the failed list.
import { beforeAll, expect, it } from 'vitest';
import { latestThreads } from '../../../src/data/queries/threads.ts';
import { enqueueReply } from '../../../src/sync/outbox.ts';
import { signedInDevice, waitFor } from './device.ts';
import { setUpSyncStack } from './setUpSyncStack.ts';

/** Short enough for a test, long enough that ten replies in a burst meet it nine times. */
const INTERVAL_S = 2;

const { stack, devices } = setUpSyncStack();

beforeAll(async () => {
  // The test stacks relax the limits for the other tests; this file turns the posting interval back on.
  await stack.db.query('update public.forum_limits set post_interval_s = $1', [INTERVAL_S]);
});

it('posts ten replies written offline, paced by the posting interval, none lost and none failed', async () => {
  const { device, member } = await signedInDevice(stack, devices);
  const thread = (await latestThreads(device.db, 50)).find((t) => !t.is_locked);
  if (!thread) throw new Error('the mirror has no open thread');
  device.env.setOnline(false);
  const texts = Array.from({ length: 10 }, (_, i) => `Paced offline reply ${i + 1}`);
  for (const content of texts) await enqueueReply(device.writer(), { threadId: thread.id, content, images: [] });

  device.env.setOnline(true);
  const waits: { limit: string; shown: string | undefined }[] = [];
  const start = Date.now();
  for (;;) {
    // The device's clock follows the real one here: the database measures the interval in real time.
    device.clock.t = Date.now();
    await device.engine.flush();
    expect(await device.db.failed.count()).toBe(0);
    const head = await device.db.outbox.orderBy('seq').first();
    if (!head) break;
    if (head.rateLimit)
      waits.push({ limit: head.rateLimit.limit, shown: device.engine.status.get().rateLimit?.target });
    // What the engine's timer would do: go again once the time the server asked for is over.
    await waitFor(() => Date.now() >= head.notBefore, 30_000);
    if (Date.now() - start > 100_000) throw new Error('the replies did not all post in time');
  }

  const { rows } = await stack.db.query<{ content: string; created_at: string }>(
    `select content, created_at::text from public.posts where thread_id = $1 and author_id = $2 order by created_at`,
    [thread.id, member.id],
  );
  expect(rows.map((r) => r.content)).toEqual(texts);
  // Paced: the limit held every reply after the first back, and the engine said which reply waited.
  expect(waits.length).toBeGreaterThanOrEqual(texts.length - 1);
  expect(waits.every((w) => w.limit === 'post_interval' && w.shown !== undefined)).toBe(true);
  const times = rows.map((r) => new Date(r.created_at).getTime());
  const gaps = times.slice(1).map((t, i) => t - times[i]!);
  expect(Math.min(...gaps)).toBeGreaterThanOrEqual(INTERVAL_S * 1000 - 50);
  expect(device.engine.status.get()).toMatchObject({ pending: 0, failed: 0, rateLimit: null });
});
