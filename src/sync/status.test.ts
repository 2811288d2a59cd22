import { describe, expect, it } from 'vitest';
import { StatusStore } from './status.ts';

/** Whether the promise has settled once the microtasks queued so far have run. */
async function settledYet(promise: Promise<void>): Promise<boolean> {
  let settled = false;
  void promise.then(() => (settled = true));
  await new Promise((resolve) => setTimeout(resolve, 0));
  return settled;
}

describe('StatusStore.pullSettled', () => {
  it('waits while a pull runs and settles when it brings rows', async () => {
    const status = new StatusStore();
    const settled = status.pullSettled();
    status.set({ pulling: { rows: 40, firstLoad: true } });
    expect(await settledYet(settled)).toBe(false);
    status.set({ pulling: null, lastSyncAt: 1_000 });
    expect(await settledYet(settled)).toBe(true);
  });

  it('settles when the pull fails, and at once when one has already ended', async () => {
    const status = new StatusStore();
    const settled = status.pullSettled();
    status.set({ online: false });
    expect(await settledYet(settled)).toBe(false);
    status.set({ pulling: null, lastError: 'Failed to fetch', unreachable: true });
    expect(await settledYet(settled)).toBe(true);
    expect(await settledYet(status.pullSettled())).toBe(true);
  });
});
