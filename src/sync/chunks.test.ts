import { describe, expect, it } from 'vitest';
import { inChunks } from './chunks.ts';

describe('inChunks', () => {
  it('writes every row once, in order, at most 200 a chunk, each chunk after the one before is stored', async () => {
    const rows = Array.from({ length: 450 }, (_, i) => i);
    const written: number[][] = [];
    let writing = false;
    await inChunks(rows, async (chunk) => {
      expect(writing).toBe(false);
      writing = true;
      await Promise.resolve();
      written.push(chunk);
      writing = false;
    });
    expect(written.map((c) => c.length)).toEqual([200, 200, 50]);
    expect(written.flat()).toEqual(rows);
  });

  it('lets a task waiting behind the write run between two chunks', async () => {
    const order: string[] = [];
    await inChunks(
      [1, 2, 3],
      async (chunk) => {
        order.push(`chunk ${chunk.join()}`);
        if (chunk[0] === 1) setTimeout(() => order.push('tap'), 0);
      },
      1,
    );
    expect(order).toEqual(['chunk 1', 'tap', 'chunk 2', 'chunk 3']);
  });

  it('writes nothing for no rows', async () => {
    let calls = 0;
    await inChunks([], async () => {
      calls += 1;
    });
    expect(calls).toBe(0);
  });
});
