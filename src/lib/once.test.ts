// once: one load for every caller, and a failed load tried again by the next caller.
import { describe, expect, it, vi } from 'vitest';
import { once } from './once.ts';

describe('once', () => {
  it('loads once, whichever caller asks first', async () => {
    const load = vi.fn(async () => 'module');
    const get = once(load);
    expect(await Promise.all([get(), get()])).toEqual(['module', 'module']);
    expect(await get()).toBe('module');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('forgets a failed load, so the next call loads again', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue('module');
    const get = once(load);
    await expect(get()).rejects.toThrow('offline');
    expect(await get()).toBe('module');
    expect(load).toHaveBeenCalledTimes(2);
  });
});
