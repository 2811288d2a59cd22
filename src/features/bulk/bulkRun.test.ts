import { expect, it } from 'vitest';
import { BULK_PAUSE_MS, canStartRun, itemsWith, retryable, runOneByOne, type ItemResult } from './bulkRun.ts';

/** Steps that log what happens, in order; each create settles only when the test says so. */
function recorder(stopAfter = Infinity) {
  const log: string[] = [];
  const settle: ((result: ItemResult) => void)[] = [];
  let results = 0;
  const steps = {
    create: (index: number) =>
      new Promise<ItemResult>((resolve) => settle.push(resolve)).finally(() => log.push(`settled ${index}`)),
    pause: async (ms: number) => {
      log.push(`pause ${ms}`);
    },
    stopped: () => results >= stopAfter,
    onStart: (index: number) => log.push(`start ${index}`),
    onResult: (index: number, result: ItemResult) => {
      results++;
      log.push(`${result.status} ${index}`);
    },
  };
  return { log, settle, steps };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

it('runs one item at a time: the next starts only after the previous settled and a 500 ms pause', async () => {
  const { log, settle, steps } = recorder();
  const run = runOneByOne([2, 0, 1], steps);
  await flush();
  expect(log).toEqual(['start 2']);
  settle[0]!({ status: 'created', threadId: 't2' });
  await flush();
  settle[1]!({ status: 'failed', reason: 'refused' });
  await flush();
  settle[2]!({ status: 'created', threadId: 't1' });
  expect(await run).toBe(true);
  expect(BULK_PAUSE_MS).toBe(500);
  expect(log).toEqual([
    'start 2',
    'settled 2',
    'created 2',
    'pause 500',
    'start 0',
    'settled 0',
    'failed 0',
    'pause 500',
    'start 1',
    'settled 1',
    'created 1',
  ]);
});

it('a stop ends the run between items, and says not every item ran', async () => {
  const { log, settle, steps } = recorder(1);
  const run = runOneByOne([0, 1, 2], steps);
  await flush();
  settle[0]!({ status: 'waiting', threadId: 't0' });
  expect(await run).toBe(false);
  expect(log).toEqual(['start 0', 'settled 0', 'waiting 0']);
});

it('an empty list runs nothing and is complete', async () => {
  const { log, steps } = recorder();
  expect(await runOneByOne([], steps)).toBe(true);
  expect(log).toEqual([]);
});

it('"Create N Threads" starts only a list that has not run: after a run, or during one, it would create every thread twice', () => {
  expect(canStartRun('idle')).toBe(true);
  expect(canStartRun('running')).toBe(false);
  expect(canStartRun('stopping')).toBe(false);
  expect(canStartRun('done')).toBe(false);
});

it('retries the items that failed to send, never the invalid ones, which would be refused the same way', () => {
  const results: Partial<Record<number, ItemResult>> = {
    0: { status: 'created', threadId: 't0' },
    1: { status: 'invalid', reason: 'Title must be at least 5 characters' },
    2: { status: 'failed', reason: 'refused', threadId: 't2', failedWriteId: 'w2' },
    4: { status: 'waiting', threadId: 't4' },
  };
  expect(retryable(results, 5)).toEqual([2]);
  expect(itemsWith(results, 5, 'invalid')).toEqual([1]);
});
