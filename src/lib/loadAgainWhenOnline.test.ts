// loadAgainWhenOnline: a lazy chunk that the dropped connection kept out loads once the connection is back.
import { describe, expect, it, vi } from 'vitest';
import { importOnce } from './importOnce.ts';
import { loadAgainWhenOnline, RETRY_AFTER_MS, type Connection } from './loadAgainWhenOnline.ts';

/**
 * A connection the test drives: `goOnline` fires the `online` event; sleeps end at once and are recorded; a reload is
 * refused unless `reloads`.
 */
function fakeConnection(online: boolean, reloads = false) {
  let wake: (() => void) | undefined;
  let timesBackOnline = 0;
  const slept: number[] = [];
  const connection: Connection = {
    isOnline: () => online,
    backOnline: () => new Promise((resolve) => (wake = resolve)),
    timesBackOnline: () => timesBackOnline,
    sleep: async (ms) => void slept.push(ms),
    restore: vi.fn(async () => undefined),
    reload: vi.fn(() => reloads),
  };
  const goOnline = () => {
    online = true;
    timesBackOnline += 1;
    wake?.();
  };
  /** Offline and back between two tries, too fast for either to see it. */
  const blink = () => void (timesBackOnline += 1);
  return { connection, slept, goOnline, blink, waitingForOnline: () => wake !== undefined };
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
    // The connection never went: the page is not loaded anew.
    expect(connection.reload).not.toHaveBeenCalled();
    expect(load).toHaveBeenCalledTimes(RETRY_AFTER_MS.length + 1);
  });

  it('loads the page anew when the try after coming back online fails too: the browser kept the failed fetch', async () => {
    const load = vi.fn().mockRejectedValue(offlineError);
    const { connection, goOnline, waitingForOnline } = fakeConnection(false, true);
    let settled = false;
    void loadAgainWhenOnline(load, connection)().finally(() => (settled = true));
    await vi.waitFor(() => expect(waitingForOnline()).toBe(true));
    expect(connection.reload).not.toHaveBeenCalled();
    goOnline();
    await vi.waitFor(() => expect(connection.reload).toHaveBeenCalledTimes(1));
    expect(load).toHaveBeenCalledTimes(2);
    await Promise.resolve();
    expect(settled).toBe(false);
  });

  it('goes on trying and then throws when the page was loaded anew a moment ago', async () => {
    const load = vi.fn().mockRejectedValue(offlineError);
    const { connection, goOnline, waitingForOnline, slept } = fakeConnection(false, false);
    const loaded = loadAgainWhenOnline(load, connection)();
    await vi.waitFor(() => expect(waitingForOnline()).toBe(true));
    goOnline();
    await expect(loaded).rejects.toBe(offlineError);
    // Asked at each try after the connection came back, and refused each time.
    expect(connection.reload).toHaveBeenCalledTimes(RETRY_AFTER_MS.length + 1);
    expect(slept).toEqual(RETRY_AFTER_MS);
  });

  it('loads the page anew when a try fails after the connection went and came back between two tries', async () => {
    const { connection, blink } = fakeConnection(true, true);
    const load = vi.fn(async () => {
      blink();
      throw offlineError;
    });
    let settled = false;
    void loadAgainWhenOnline(load, connection)().finally(() => (settled = true));
    await vi.waitFor(() => expect(connection.reload).toHaveBeenCalledTimes(1));
    expect(load).toHaveBeenCalledTimes(2);
    await Promise.resolve();
    expect(settled).toBe(false);
  });

  it('loads when a try while online succeeds', async () => {
    const load = vi.fn().mockRejectedValueOnce(offlineError).mockResolvedValue('module');
    const { connection, slept } = fakeConnection(true);
    expect(await loadAgainWhenOnline(load, connection)()).toBe('module');
    expect(slept).toEqual([RETRY_AFTER_MS[0]]);
  });
});

describe('importOnce', () => {
  it('loads once for every caller, and again on the next call after a failure', async () => {
    const load = vi.fn().mockRejectedValueOnce(offlineError).mockResolvedValue('module');
    const { connection } = fakeConnection(true, true);
    const module = importOnce(load, connection);
    await expect(module()).rejects.toBe(offlineError);
    expect(await Promise.all([module(), module()])).toEqual(['module', 'module']);
    expect(load).toHaveBeenCalledTimes(2);
    expect(connection.reload).not.toHaveBeenCalled();
  });

  it('after a failure, loads the module again as the connection comes back, without loading the page anew', async () => {
    const load = vi.fn().mockRejectedValueOnce(offlineError).mockResolvedValue('module');
    const { connection, goOnline, waitingForOnline } = fakeConnection(false, true);
    const module = importOnce(load, connection);
    await expect(module()).rejects.toBe(offlineError);
    expect(waitingForOnline()).toBe(true);
    goOnline();
    await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(2));
    expect(await module()).toBe('module');
    expect(load).toHaveBeenCalledTimes(2);
    expect(connection.reload).not.toHaveBeenCalled();
  });

  it('loads the page anew when the load as the connection comes back fails too: the browser kept the failure', async () => {
    const load = vi.fn().mockRejectedValue(offlineError);
    const { connection, goOnline, waitingForOnline } = fakeConnection(true, true);
    const module = importOnce(load, connection);
    await expect(module()).rejects.toBe(offlineError);
    await expect(module()).rejects.toBe(offlineError);
    expect(connection.reload).not.toHaveBeenCalled();
    expect(waitingForOnline()).toBe(true);
    goOnline();
    await vi.waitFor(() => expect(connection.reload).toHaveBeenCalledTimes(1));
    expect(load).toHaveBeenCalledTimes(3);
  });

  it('loads the page anew when a call fails after the connection came back, before the module was asked for', async () => {
    const load = vi.fn().mockRejectedValue(offlineError);
    const { connection, blink } = fakeConnection(true, true);
    const module = importOnce(load, connection);
    await expect(module()).rejects.toBe(offlineError);
    blink();
    let settled = false;
    void module().finally(() => (settled = true));
    await vi.waitFor(() => expect(connection.reload).toHaveBeenCalledTimes(1));
    await Promise.resolve();
    expect(settled).toBe(false);
  });
});
