// importWhenOnline: a load that failed offline is tried again when the connection returns; one that failed online
// fails.
import { describe, expect, it, vi } from 'vitest';
import { importWhenOnline, type Connection } from './importWhenOnline.ts';

function connection(online: boolean) {
  let comeBack = () => {};
  const state: Connection & { returns(): void } = {
    online: () => online,
    back: () => new Promise((resolve) => (comeBack = resolve)),
    returns: () => {
      online = true;
      comeBack();
    },
  };
  return state;
}

describe('importWhenOnline', () => {
  it('tries a load that failed offline again once back online, and settles with it', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue('module');
    const net = connection(false);
    const loaded = importWhenOnline(load, net);
    let settled = false;
    void loaded.then(() => (settled = true));
    await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(1));
    // Every pending callback run: a load that did not wait would have settled by now.
    await new Promise((resolve) => setImmediate(resolve));
    expect(settled).toBe(false);
    expect(load).toHaveBeenCalledTimes(1);
    net.returns();
    expect(await loaded).toBe('module');
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('fails a load that failed online', async () => {
    const load = vi.fn().mockRejectedValue(new Error('gone'));
    await expect(importWhenOnline(load, connection(true))).rejects.toThrow('gone');
    expect(load).toHaveBeenCalledTimes(1);
  });
});
