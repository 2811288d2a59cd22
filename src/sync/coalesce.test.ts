import { describe, expect, test } from 'vitest';
import { coalesce } from './coalesce.ts';

/** A task whose runs each wait for the test to finish them, counting how many began. */
function controlled() {
  const finishers: (() => void)[] = [];
  let started = 0;
  const task = () =>
    new Promise<void>((resolve) => {
      started += 1;
      finishers.push(resolve);
    });
  return { task, finishers, started: () => started };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('coalesce', () => {
  test('calls during a run share one more run after it, whatever their number', async () => {
    const { task, finishers, started } = controlled();
    const pull = coalesce(task);
    const first = pull();
    const waiting = [pull(), pull(), pull()];
    expect(started()).toBe(1);
    finishers[0]!();
    await first;
    await tick();
    expect(started()).toBe(2);
    finishers[1]!();
    await Promise.all(waiting);
    expect(started()).toBe(2);
  });

  test('a call after the runs are over starts a run of its own', async () => {
    const { task, finishers, started } = controlled();
    const pull = coalesce(task);
    const first = pull();
    finishers[0]!();
    await first;
    const second = pull();
    expect(started()).toBe(2);
    finishers[1]!();
    await second;
  });

  test('a failed run does not stop the next, nor the run waiting behind it', async () => {
    let runs = 0;
    const pull = coalesce(async () => {
      runs += 1;
      await tick();
      if (runs === 1) throw new Error('offline');
    });
    const first = pull();
    const waiting = pull();
    await expect(first).rejects.toThrow('offline');
    await waiting;
    expect(runs).toBe(2);
    await pull();
    expect(runs).toBe(3);
  });
});
