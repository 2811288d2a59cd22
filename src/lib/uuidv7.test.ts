import { describe, expect, it } from 'vitest';
import { createUuidV7 } from './uuidv7.ts';

const UUID_V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('createUuidV7', () => {
  it('makes valid version 7 UUIDs that sort in creation order within one millisecond', () => {
    const next = createUuidV7(() => 1_763_900_000_000);
    const ids = Array.from({ length: 5000 }, next);
    for (const id of ids) expect(id).toMatch(UUID_V7);
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('sorts across milliseconds, even when the clock steps back', () => {
    const times = [1000, 1001, 999, 1002];
    const next = createUuidV7(() => times.shift()!);
    const ids = [next(), next(), next(), next()];
    expect([...ids].sort()).toEqual(ids);
  });
});
