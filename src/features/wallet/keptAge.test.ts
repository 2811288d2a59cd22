import { describe, expect, it } from 'vitest';
import { keptAge } from './keptAge.ts';

const NOW = Date.parse('2026-11-25T12:00:00Z');

describe('keptAge', () => {
  it('says nothing of a value read on this visit, or of none', () => {
    expect(keptAge(NOW - 1000, NOW - 5000, NOW)).toBeNull();
    expect(keptAge(undefined, NOW, NOW)).toBeNull();
  });

  it('gives the age of a value kept from an earlier visit', () => {
    expect(keptAge(NOW - 5 * 60_000, NOW - 1000, NOW)).toBe('as of 5m ago');
    expect(keptAge(NOW - 3 * 3_600_000, NOW - 1000, NOW)).toBe('as of 3h ago');
    expect(keptAge(NOW - 10_000, NOW - 1000, NOW)).toBe('as of just now');
  });
});
