import { describe, expect, it } from 'vitest';
import { createSeenThrottle, type SeenClock } from './seenThrottle.ts';

/** Lets every stored write settle (their promises resolve in microtasks). */
const settle = async () => {
  for (let i = 0; i < 5; i++) await Promise.resolve();
};

/** A clock whose time moves only when the test says so, running the timers that fall due. */
function manualClock() {
  let now = 0;
  let timers: { at: number; run: () => void; handle: number }[] = [];
  let next = 1;
  const clock: SeenClock = {
    now: () => now,
    setTimeout(run, ms) {
      const handle = next++;
      timers.push({ at: now + ms, run, handle });
      return handle;
    },
    clearTimeout(handle) {
      timers = timers.filter((t) => t.handle !== handle);
    },
  };
  const advance = async (ms: number) => {
    await settle();
    now += ms;
    const due = timers.filter((t) => t.at <= now);
    timers = timers.filter((t) => t.at > now);
    for (const t of due) t.run();
    await settle();
  };
  return { clock, advance, pending: () => timers.length };
}

/** A send that is stored at once, noting each position and when it was asked for. */
function recorder(clock: SeenClock) {
  const sent: number[] = [];
  const sentAt: number[] = [];
  const send = (n: number) => {
    sent.push(n);
    sentAt.push(clock.now());
    return Promise.resolve();
  };
  return { sent, sentAt, send };
}

describe('seen position pacing', () => {
  it('sends the first position at once and the highest of a burst at the end of the second', async () => {
    const { clock, advance } = manualClock();
    const { sent, send } = recorder(clock);
    const throttle = createSeenThrottle(send, clock);
    throttle.see(3);
    expect(sent).toEqual([3]);
    for (let n = 4; n <= 40; n++) {
      throttle.see(n);
      await advance(20);
    }
    // 740 ms in: the second has not ended, the burst waits.
    expect(sent).toEqual([3]);
    await advance(260);
    expect(sent).toEqual([3, 40]);
    await advance(2_000);
    expect(sent).toEqual([3, 40]);
  });

  it('never sends more than once a second while scrolling on', async () => {
    const { clock, advance } = manualClock();
    const { sentAt, send } = recorder(clock);
    const throttle = createSeenThrottle(send, clock);
    for (let n = 1; n <= 500; n++) {
      throttle.see(n);
      await advance(16);
    }
    for (let i = 1; i < sentAt.length; i++) expect(sentAt[i]! - sentAt[i - 1]!).toBeGreaterThanOrEqual(1_000);
    expect(sentAt.length).toBeGreaterThanOrEqual(7);
  });

  it('counts the second from when the last write was stored, so a slow store never brings two writes closer', async () => {
    const { clock, advance } = manualClock();
    const stores: { n: number; done: () => void }[] = [];
    const storedAt: number[] = [];
    const throttle = createSeenThrottle(
      (n) =>
        new Promise<void>((resolve) =>
          stores.push({
            n,
            done: () => {
              storedAt.push(clock.now());
              resolve();
            },
          }),
        ),
      clock,
    );
    throttle.see(1);
    throttle.see(5);
    // The first write takes 700 ms to store: the next one waits a whole second after that, not after the ask.
    await advance(700);
    stores[0]!.done();
    await advance(900);
    expect(stores).toHaveLength(1);
    await advance(100);
    expect(stores.map((s) => s.n)).toEqual([1, 5]);
    stores[1]!.done();
    await advance(0);
    expect(storedAt[1]! - storedAt[0]!).toBeGreaterThanOrEqual(1_000);
  });

  it('never goes back: a lower post seen later sends nothing', async () => {
    const { clock, advance } = manualClock();
    const { sent, send } = recorder(clock);
    const throttle = createSeenThrottle(send, clock);
    throttle.see(10);
    await advance(1_500);
    throttle.see(4);
    await advance(1_500);
    expect(sent).toEqual([10]);
  });

  it('sends nothing at or below what the mirror already holds', async () => {
    const { clock, advance, pending } = manualClock();
    const { sent, send } = recorder(clock);
    const throttle = createSeenThrottle(send, clock);
    throttle.known(120);
    throttle.see(40);
    throttle.see(120);
    await advance(1_500);
    expect(sent).toEqual([]);
    expect(pending()).toBe(0);
    throttle.see(121);
    expect(sent).toEqual([121]);
  });

  it('flush sends the waiting position at once, so leaving the page loses nothing', async () => {
    const { clock, advance, pending } = manualClock();
    const { sent, send } = recorder(clock);
    const throttle = createSeenThrottle(send, clock);
    throttle.see(1);
    throttle.see(9);
    expect(sent).toEqual([1]);
    throttle.flush();
    expect(sent).toEqual([1, 9]);
    expect(pending()).toBe(0);
    await advance(2_000);
    throttle.flush();
    expect(sent).toEqual([1, 9]);
  });
});
