import { describe, expect, it } from 'vitest';
import { backoffDelay } from './backoff.ts';

describe('backoffDelay', () => {
  it('doubles per attempt and stays within half to all of the ceiling', () => {
    const opts = { baseMs: 100, maxMs: 10_000 };
    expect(backoffDelay(0, () => 0, opts)).toBe(50);
    expect(backoffDelay(0, () => 1, opts)).toBe(100);
    expect(backoffDelay(3, () => 0, opts)).toBe(400);
    expect(backoffDelay(3, () => 1, opts)).toBe(800);
  });

  it('never exceeds the cap, even after many attempts', () => {
    expect(backoffDelay(500, () => 1, { baseMs: 100, maxMs: 10_000 })).toBe(10_000);
  });
});
