import { describe, expect, it } from 'vitest';
import { memoryLocks } from './locks.ts';

describe('memoryLocks', () => {
  it('runs holders of the same name one at a time, in request order', async () => {
    const locks = memoryLocks();
    const log: string[] = [];
    const hold = (tag: string, ms: number) =>
      locks.request('outbox', async () => {
        log.push(`${tag} in`);
        await new Promise((r) => setTimeout(r, ms));
        log.push(`${tag} out`);
      });
    await Promise.all([hold('a', 20), hold('b', 1)]);
    expect(log).toEqual(['a in', 'a out', 'b in', 'b out']);
  });

  it('releases the lock when a holder throws', async () => {
    const locks = memoryLocks();
    await expect(locks.request('x', () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await expect(locks.request('x', async () => 'next')).resolves.toBe('next');
  });
});
