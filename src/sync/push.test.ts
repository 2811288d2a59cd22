// What pushWrite makes of a kind whose sending throws: no answer is "offline, retry"; a bug is a kept, failed write.
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { expect, it } from 'vitest';
import type { ForumClient } from '../backend/client.ts';
import { openMirror } from '../data/mirror.ts';
import { classifyFailure } from './errors.ts';
import { SEND_BUG_REASON, pushWrite } from './push.ts';
import type { WriteKind } from './writeKind.ts';
import { registerWriteKind } from './writeKinds.ts';

interface ThrowingWrite {
  kind: 'throwing';
  error: string;
}

declare module '../data/outboxTypes.ts' {
  interface WritePayloads {
    throwing: ThrowingWrite;
  }
}

registerWriteKind({
  name: 'throwing',
  tables: [],
  target: () => 'nothing',
  push: (_ctx, write) => Promise.reject(new TypeError(write.error)),
} satisfies WriteKind<ThrowingWrite>);

const ctx = {
  db: openMirror({ indexedDB: new IDBFactory(), IDBKeyRange }),
  client: {} as ForumClient,
  userId: 'u1',
  random: Math.random,
};

it('takes a fetch that got no answer for the network: the write waits and is retried', async () => {
  const outcome = await pushWrite(ctx, { kind: 'throwing', error: 'Failed to fetch' });
  expect(outcome).toMatchObject({ result: 'failed', failure: { status: 0 } });
  if (outcome.result !== 'failed') throw new Error('expected a failed outcome');
  expect(classifyFailure(outcome.failure)).toBe('retry');
  expect(outcome.bug).toBeUndefined();
});

it('takes any other exception for a bug: the write is final, kept with its reason and the error to log', async () => {
  const outcome = await pushWrite(ctx, {
    kind: 'throwing',
    error: "Cannot read properties of undefined (reading 'id')",
  });
  if (outcome.result !== 'failed') throw new Error('expected a failed outcome');
  expect(classifyFailure(outcome.failure)).toBe('final');
  expect(outcome.reason).toBe(SEND_BUG_REASON);
  expect(outcome.bug).toBeInstanceOf(TypeError);
});
