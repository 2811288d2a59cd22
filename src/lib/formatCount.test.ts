import { describe, expect, it } from 'vitest';
import { compareText, formatCount } from './formatCount.ts';

describe('formatCount', () => {
  it('groups digits as toLocaleString("en-US") does', () => {
    const counts = [0, 1, 7, 12, 999, 1000, 1001, 9999, 10000, 123456, 1234567, 987654321, 1e12, -1, -1234, -1234567];
    for (const n of counts) expect(formatCount(n)).toBe(n.toLocaleString('en-US'));
  });
});

describe('compareText', () => {
  it('orders ISO timestamps and ids as their characters do', () => {
    const times = ['2026-12-01T04:10:00.000Z', '2025-01-31T23:59:59.999Z', '2026-12-01T04:09:59.999Z'];
    expect([...times].sort(compareText)).toEqual([times[1], times[2], times[0]]);
    expect(compareText('0190a', '0190b')).toBeLessThan(0);
    expect(compareText('f', 'a')).toBeGreaterThan(0);
    expect(compareText('same', 'same')).toBe(0);
  });
});
