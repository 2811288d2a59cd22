// loadAgainWhenOnline: a lazy chunk that the dropped connection kept out loads once the connection is back.
import { describe, expect, it, vi } from 'vitest';
import { loadAgainWhenOnline, RETRY_AFTER_MS, type Connection } from './loadAgainWhenOnline.ts';

/** A connection the test drives: `goOnline` fires the `online` event; sleeps end at once and are recorded. */
function fakeConnection(online: boolean) {
  let wake: (() => void) | undefined;
  const slept: number[] = [];
  const connection: Connection = {
    isOnline: () => online,
    backOnline: () => new Promise((resolve) => (wake = resolve)),
    sleep: async (ms) => void slept.push(ms),
    restore: vi.fn(async () => undefined),
  };
  const goOnline = () => {
    online = true;
    wake?.();
  };
  return { connection, slept, goOnline, waitingForOnline: () => wake !== undefined };
}

const offlineError = new TypeError('Failed to fetch dynamically imported module: /assets/HeaderSearch.js');

describe('loadAgainWhenOnline', () => {
  it('loads once when the chunk arrives', async () => {
    const load = vi.fn(async () => 'module');
    const { connection } = fakeConnection(true);
    expect(await loadAgainWhenOnline(load, connection)()).toBe('module');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('waits, offline, for the connection to come back, then loads again', async () => {
    const load = vi.fn().mockRejectedValueOnce(offlineError).mockResolvedValue('module');
    const { connection, goOnline, waitingForOnline, slept } = fakeConnection(false);
    const loaded = loadAgainWhenOnline(load, connection)();
    await vi.waitFor(() => expect(waitingForOnline()).toBe(true));
    expect(load).toHaveBeenCalledTimes(1);
    goOnline();
    expect(await loaded).toBe('module');
    expect(load).toHaveBeenCalledTimes(2);
    expect(slept).toEqual([]);
    expect(connection.restore).toHaveBeenCalledTimes(1);
  });

  it('tries again on its schedule while online, then throws the failure', async () => {
    const gone = new TypeError('Failed to fetch dynamically imported module: /assets/Gone.js');
    const load = vi.fn().mockRejectedValue(gone);
    const { connection, slept } = fakeConnection(true);
    await expect(loadAgainWhenOnline(load, connection)()).rejects.toBe(gone);
    expect(slept).toEqual(RETRY_AFTER_MS);
    expect(load).toHaveBeenCalledTimes(RETRY_AFTER_MS.length + 1);
  });

  it('loads when a try while online succeeds', async () => {
    const load = vi.fn().mockRejectedValueOnce(offlineError).mockResolvedValue('module');
    const { connection, slept } = fakeConnection(true);
    expect(await loadAgainWhenOnline(load, connection)()).toBe('module');
    expect(slept).toEqual([RETRY_AFTER_MS[0]]);
  });
});
