import { describe, expect, it, vi } from 'vitest';
import { LastSeenStamp } from './lastSeen.ts';

describe('LastSeenStamp', () => {
  it('asks for a member at their first pull, not again within the minute, and again after it', () => {
    const stamp = vi.fn(() => Promise.resolve());
    const lastSeen = new LastSeenStamp();
    lastSeen.touch('ada', 1_000, stamp);
    lastSeen.touch('ada', 60_999, stamp);
    expect(stamp).toHaveBeenCalledTimes(1);
    lastSeen.touch('ada', 61_000, stamp);
    expect(stamp).toHaveBeenCalledTimes(2);
  });

  it('asks at once for a member who signs in within the minute of another, and keeps each one to its minute', () => {
    const asked: string[] = [];
    const lastSeen = new LastSeenStamp();
    const touch = (userId: string, now: number) =>
      lastSeen.touch(userId, now, () => {
        asked.push(userId);
        return Promise.resolve();
      });
    touch('ada', 0);
    touch('bob', 10_000);
    touch('ada', 20_000);
    touch('bob', 30_000);
    expect(asked).toEqual(['ada', 'bob']);
  });

  it('logs a failed stamp instead of throwing, and does not ask again within the minute', async () => {
    const logBug = vi.fn();
    const stamp = vi.fn(() => Promise.reject(new Error('offline')));
    const lastSeen = new LastSeenStamp();
    lastSeen.touch('ada', 0, stamp, logBug);
    await vi.waitFor(() => expect(logBug).toHaveBeenCalledWith(new Error('offline'), 'Stamping last seen failed'));
    lastSeen.touch('ada', 30_000, stamp, logBug);
    expect(stamp).toHaveBeenCalledTimes(1);
  });
});
