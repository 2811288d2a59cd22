// Unit tests of the fair queue in front of the database (supabase/local/fairQueue.ts): turns, order, bounds.
import { describe, expect, test } from 'vitest';
import { FairQueue, QueueFull } from '../../supabase/local/fairQueue.ts';

/** A clock the test moves by hand, so "time used" is exact. */
function manualClock() {
  let t = 0;
  return { now: () => t, advance: (ms: number) => (t += ms) };
}

/** Acquires a turn and records, in `order`, when it was granted. */
function take(queue: FairQueue, client: string, order: string[], label = client) {
  return queue.acquire(client).then((release) => {
    order.push(label);
    return release;
  });
}

describe('FairQueue', () => {
  test('grants a free turn at once, and a client waits behind its own running request', async () => {
    const queue = new FairQueue({ concurrency: 2, perClient: 1, queuePerClient: 10 });
    const order: string[] = [];
    const a1 = await take(queue, 'a', order, 'a1');
    const a2 = take(queue, 'a', order, 'a2');
    const b1 = await take(queue, 'b', order, 'b1');
    expect(order).toEqual(['a1', 'b1']);
    expect(queue.stateOf('a')).toEqual({ running: 1, waiting: 1 });
    a1();
    (await a2)();
    b1();
    expect(order).toEqual(['a1', 'b1', 'a2']);
    expect(queue.stateOf('a')).toEqual({ running: 0, waiting: 0 });
  });

  test("a client's burst waits behind itself: another client's later request goes first", async () => {
    const clock = manualClock();
    const queue = new FairQueue({ concurrency: 1, perClient: 1, queuePerClient: 10 }, clock.now);
    const order: string[] = [];
    const first = await take(queue, 'attacker', order, 'attacker1');
    const burst = [2, 3, 4].map((n) => take(queue, 'attacker', order, `attacker${n}`));
    const visitor = take(queue, 'visitor', order, 'visitor');
    clock.advance(500);
    first();
    (await visitor)();
    for (const next of burst) (await next)();
    expect(order).toEqual(['attacker1', 'visitor', 'attacker2', 'attacker3', 'attacker4']);
  });

  test('the client that used the least time goes next', async () => {
    const clock = manualClock();
    const queue = new FairQueue({ concurrency: 1, perClient: 1, queuePerClient: 10 }, clock.now);
    const order: string[] = [];
    // "slow" takes 1 s turns, "quick" 10 ms ones; both keep a request waiting.
    let slow = await take(queue, 'slow', order, 'slow');
    const slowNext = take(queue, 'slow', order, 'slow');
    const quickNext = take(queue, 'quick', order, 'quick');
    clock.advance(1000);
    slow();
    const quick = await quickNext;
    const quickAgain = take(queue, 'quick', order, 'quick');
    clock.advance(10);
    quick();
    // quick has used 10 ms, slow 1,000: quick goes again before slow's waiting request.
    (await quickAgain)();
    slow = await slowNext;
    slow();
    expect(order).toEqual(['slow', 'quick', 'quick', 'slow']);
  });

  test('a client over its queue bound is refused with QueueFull, and others are not', async () => {
    const queue = new FairQueue({ concurrency: 1, perClient: 1, queuePerClient: 2 });
    const order: string[] = [];
    const running = await take(queue, 'a', order);
    const waiting = [take(queue, 'a', order), take(queue, 'a', order)];
    const refused = await queue.acquire('a').catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(QueueFull);
    expect((refused as QueueFull).retryAfterS).toBeGreaterThanOrEqual(1);
    const other = take(queue, 'b', order);
    running();
    for (const next of [other, ...waiting]) (await next)();
    expect(order).toEqual(['a', 'b', 'a', 'a']);
    expect(queue.stateOf('a')).toEqual({ running: 0, waiting: 0 });
  });

  test('a turn ended twice frees one turn only', async () => {
    const queue = new FairQueue({ concurrency: 1, perClient: 1, queuePerClient: 10 });
    const order: string[] = [];
    const release = await take(queue, 'a', order, 'a1');
    const b = take(queue, 'b', order, 'b1');
    const c = take(queue, 'c', order, 'c1');
    release();
    release();
    await b;
    expect(order).toEqual(['a1', 'b1']);
    expect(queue.stateOf('c')).toEqual({ running: 0, waiting: 1 });
    (await b)();
    (await c)();
  });

  test('a new address for each request never starves a client that keeps coming', async () => {
    const clock = manualClock();
    const queue = new FairQueue({ concurrency: 1, perClient: 1, queuePerClient: 10 }, clock.now);
    const order: string[] = [];
    let current: (() => void) | undefined;
    let fresh = 0;
    const request = (client: string, label: string) =>
      queue.acquire(client).then((release) => {
        order.push(label);
        current = release;
      });
    const attack = () => request(`10.4.0.${++fresh}`, 'attacker');
    const settled = () => new Promise((resolve) => setImmediate(resolve));
    // Four attackers each keep a request going, every one from an address never seen before, and each takes 400 ms;
    // the visitor's reads take 5 ms, and it sends the next when one is answered.
    await attack();
    for (let n = 0; n < 3; n++) void attack();
    void request('visitor', 'visitor');
    for (let turn = 0; turn < 20; turn++) {
      const who = order.at(-1);
      clock.advance(who === 'visitor' ? 5 : 400);
      const release = current!;
      release();
      await settled();
      void (who === 'visitor' ? request('visitor', 'visitor') : attack());
      await settled();
    }
    // The visitor waits behind the attackers that were waiting when it came, never behind the ones that came after.
    expect(order.join(' ')).not.toMatch(/(attacker ){5}/);
    expect(order.filter((who) => who === 'visitor').length).toBeGreaterThanOrEqual(4);
  });
});
