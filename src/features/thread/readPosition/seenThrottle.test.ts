import { describe, expect, it } from 'vitest';
import { createSeenThrottle, type SeenClock } from './seenThrottle.ts';

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
  const advance = (ms: number) => {
    now += ms;
    const due = timers.filter((t) => t.at <= now);
    timers = timers.filter((t) => t.at > now);
    for (const t of due) t.run();
  };
  return { clock, advance, pending: () => timers.length };
}

describe('seen position pacing', () => {
  it('sends the first position at once and the highest of a burst at the end of the second', () => {
    const { clock, advance } = manualClock();
    const sent: number[] = [];
    const throttle = createSeenThrottle((n) => sent.push(n), clock);
    throttle.see(3);
    expect(sent).toEqual([3]);
    for (let n = 4; n <= 40; n++) {
      throttle.see(n);
      advance(20);
    }
    // 740 ms in: the second has not ended, the burst waits.
    expect(sent).toEqual([3]);
    advance(260);
    expect(sent).toEqual([3, 40]);
    advance(2_000);
    expect(sent).toEqual([3, 40]);
  });

  it('never sends more than once a second while scrolling on', () => {
    const { clock, advance } = manualClock();
    const sentAt: number[] = [];
    const throttle = createSeenThrottle(() => sentAt.push(clock.now()), clock);
    for (let n = 1; n <= 500; n++) {
      throttle.see(n);
      advance(16);
    }
    for (let i = 1; i < sentAt.length; i++) expect(sentAt[i]! - sentAt[i - 1]!).toBeGreaterThanOrEqual(1_000);
    expect(sentAt.length).toBeGreaterThanOrEqual(7);
  });

  it('never goes back: a lower post seen later sends nothing', () => {
    const { clock, advance } = manualClock();
    const sent: number[] = [];
    const throttle = createSeenThrottle((n) => sent.push(n), clock);
    throttle.see(10);
    advance(1_500);
    throttle.see(4);
    advance(1_500);
    expect(sent).toEqual([10]);
  });

  it('sends nothing at or below what the mirror already holds', () => {
    const { clock, advance, pending } = manualClock();
    const sent: number[] = [];
    const throttle = createSeenThrottle((n) => sent.push(n), clock);
    throttle.known(120);
    throttle.see(40);
    throttle.see(120);
    advance(1_500);
    expect(sent).toEqual([]);
    expect(pending()).toBe(0);
    throttle.see(121);
    expect(sent).toEqual([121]);
  });

  it('flush sends the waiting position at once, so leaving the page loses nothing', () => {
    const { clock, advance, pending } = manualClock();
    const sent: number[] = [];
    const throttle = createSeenThrottle((n) => sent.push(n), clock);
    throttle.see(1);
    throttle.see(9);
    expect(sent).toEqual([1]);
    throttle.flush();
    expect(sent).toEqual([1, 9]);
    expect(pending()).toBe(0);
    advance(2_000);
    throttle.flush();
    expect(sent).toEqual([1, 9]);
  });
});
