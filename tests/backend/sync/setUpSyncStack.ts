// The stack of a sync test file and the devices made on it: the stack starts before the file's tests, and after them
// the devices close, then the stack.
import { afterAll, beforeAll } from 'vitest';
import { startTestStack, type TestStack, type TestStackOptions } from '../stack.ts';
import type { Device } from './device.ts';

export interface SyncStack {
  /** The stack started before the tests: usable in the tests and in hooks registered after `setUpSyncStack`. */
  stack: TestStack;
  /** The devices to close after the tests, before the stack: push each device made on the stack. */
  devices: Device[];
}

/**
 * Registers the hooks that start a stack with `options` before the tests of the file (or describe block) calling it,
 * and close its `devices`, then the stack, after them.
 */
export function setUpSyncStack(options?: TestStackOptions): SyncStack {
  let started: TestStack | undefined;
  const devices: Device[] = [];
  beforeAll(async () => {
    started = await startTestStack(options);
  });
  afterAll(async () => {
    for (const d of devices) d.close();
    await started?.close();
  });
  // Reads through to the started stack, so the file can hold `stack` from the start.
  const stack = new Proxy({} as TestStack, {
    get(_, key) {
      if (!started) throw new Error('the stack is used before the beforeAll of setUpSyncStack started it');
      return Reflect.get(started, key);
    },
  });
  return { stack, devices };
}
