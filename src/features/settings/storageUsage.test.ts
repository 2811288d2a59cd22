// The storage card's words for what the device holds.
import { describe, expect, it } from 'vitest';
import { describeStorage, formatBytes } from './storageUsage.ts';

describe('formatBytes', () => {
  it('uses KB below a megabyte, MB with one decimal below 10 MB, whole MB below a gigabyte, then GB alike', () => {
    expect(formatBytes(0)).toBe('0 KB');
    expect(formatBytes(420_000)).toBe('420 KB');
    expect(formatBytes(4_250_000)).toBe('4.3 MB');
    expect(formatBytes(48_400_000)).toBe('48 MB');
    expect(formatBytes(2_147_483_648)).toBe('2.1 GB');
    expect(formatBytes(64_000_000_000)).toBe('64 GB');
  });
});

describe('describeStorage', () => {
  it('says what the space holds and how much of what the browser allows it is', () => {
    expect(
      describeStorage({ used: 48_400_000, quota: 2_147_483_648, counts: { threads: 10_000, posts: 100_000 } }),
    ).toEqual({
      summary: 'The forum uses 48 MB on this device.',
      detail:
        'That holds 10,000 threads and 100,000 posts, ready to read offline. ' +
        'Your browser lets the forum use up to 2.1 GB: this is 2% of it.',
    });
  });

  it('says "less than 1%" rather than 0%, and counts one thread and one post in the singular', () => {
    expect(describeStorage({ used: 900_000, quota: 300_000_000_000, counts: { threads: 1, posts: 1 } }).detail).toBe(
      'That holds 1 thread and 1 post, ready to read offline. Your browser lets the forum use up to 300 GB: ' +
        'this is less than 1% of it.',
    );
  });

  it('leaves the browser out when it gives no quota, and says when nothing is kept yet', () => {
    expect(describeStorage({ used: 0, quota: 0, counts: { threads: 0, posts: 0 } })).toEqual({
      summary: 'The forum uses 0 KB on this device.',
      detail: 'No threads are kept here yet.',
    });
  });

  it('leaves the counts out when the mirror could not be read', () => {
    expect(describeStorage({ used: 5_000_000, quota: 1e9 }).detail).toBe(
      'Your browser lets the forum use up to 1.0 GB: this is less than 1% of it.',
    );
  });
});
