// Exclusive locks by name: Web Locks in the browser (shared by every tab), an in-process queue elsewhere.

/** Held while the outbox is sent, by a tab's sync worker or the service worker: no write goes out twice. */
export const OUTBOX_LOCK = 'guap-outbox';

export interface Locks {
  request<T>(name: string, fn: () => Promise<T>): Promise<T>;
}

/** One lock manager per "browser": tests give two engines the same one to play two tabs. */
export function memoryLocks(): Locks {
  const tails = new Map<string, Promise<unknown>>();
  return {
    request<T>(name: string, fn: () => Promise<T>): Promise<T> {
      const previous = tails.get(name) ?? Promise.resolve();
      const run = previous.then(fn, fn);
      tails.set(
        name,
        run.catch(() => undefined),
      );
      return run;
    },
  };
}

export function webLocks(manager: LockManager): Locks {
  return { request: (name, fn) => manager.request(name, fn) };
}
