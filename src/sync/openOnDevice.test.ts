// A thread a screen opens that the mirror lacks is fetched by the sync worker (its runner), under the pull lock, as the
// page's client's member; offline, or with the worker gone as the connection went, the screen hears 'offline'.
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it, vi } from 'vitest';
import type { ForumClient } from '../backend/client.ts';
import { openMirror } from '../data/mirror.ts';
import type { EngineDeps, OpenThreadResult } from './engineTypes.ts';
import { memoryLocks } from './locks.ts';
import { openThread, type OpenContext } from './openOnDevice.ts';
import type { OpenRunner } from './pullLeader.ts';

const client = { name: 'the page client' } as unknown as ForumClient;

function contextWith(openInWorker: OpenRunner, online = () => true) {
  const db = openMirror({ indexedDB: new IDBFactory(), IDBKeyRange });
  const locks = memoryLocks();
  const held: string[] = [];
  const deps = {
    db,
    clock: { now: () => 1_000 },
    locks: { request: (name: string, fn: () => Promise<unknown>) => (held.push(name), locks.request(name, fn)) },
    env: { isOnline: online },
    openThread: openInWorker,
  } as unknown as EngineDeps;
  const ctx: OpenContext = {
    deps,
    pageSize: 500,
    pullLock: 'pull',
    network: () => Promise.reject(new Error('the page must not load the network code')),
    client: () => Promise.resolve(client),
  };
  return { ctx, db, held, locks };
}

describe('openThread with a sync worker', () => {
  it('has the worker bring the thread, under the pull lock, with the page client and the options', async () => {
    const asked: unknown[] = [];
    const { ctx, held } = contextWith(async (by, job) => {
      asked.push({ by, ...job });
      return 'mirrored';
    });
    expect(await openThread(ctx, 'some-slug')).toBe('mirrored');
    expect(asked).toEqual([{ by: client, thread: 'some-slug', pageSize: 500, now: 1_000 }]);
    expect(held).toEqual(['pull']);
  });

  it('asks by id for a thread the device has a row of, and passes on what the worker found', async () => {
    const asked: string[] = [];
    const { ctx, db } = contextWith(async (_by, job) => {
      asked.push(job.thread);
      return 'missing' as OpenThreadResult;
    });
    await db.threads.put({ id: 't1', slug: 'old-slug', title: 'Topic', created_at: '2026-11-01' } as never);
    expect(await openThread(ctx, 'old-slug')).toBe('missing');
    expect(asked).toEqual(['t1']);
  });

  it('asks nothing for a thread kept on the device', async () => {
    const { ctx, db } = contextWith(() => Promise.reject(new Error('not asked')));
    await db.threads.put({ id: 't1', slug: 'kept', title: 'Topic', created_at: '2026-11-01' } as never);
    await db.keptThreads.put({ thread_id: 't1', touched_at: 0 });
    expect(await openThread(ctx, 'kept')).toBe('mirrored');
    expect((await db.keptThreads.get('t1'))?.touched_at).toBe(1_000);
  });

  it('asks nothing for a thread that the pull holding the lock kept meanwhile, and touches it', async () => {
    const { ctx, db, held, locks } = contextWith(() => Promise.reject(new Error('not asked')));
    await db.threads.put({ id: 't1', slug: 'first-visit', title: 'Topic', created_at: '2026-11-01' } as never);
    let release = () => {};
    const pullHolds = new Promise<void>((resolve) => (release = resolve));
    const pull = locks.request('pull', async () => {
      await pullHolds;
      await db.keptThreads.put({ thread_id: 't1', touched_at: 0 });
    });
    const opened = openThread(ctx, 'first-visit');
    await vi.waitFor(() => expect(held).toEqual(['pull']));
    release();
    await pull;
    expect(await opened).toBe('mirrored');
    expect((await db.keptThreads.get('t1'))?.touched_at).toBe(1_000);
  });

  it("answers 'offline' offline, and when the worker failed as the connection went; else the failure is the screen's", async () => {
    let online = false;
    let asked = 0;
    const { ctx } = contextWith(
      () => {
        asked += 1;
        online = asked > 1;
        return Promise.reject(new Error('The sync worker stopped'));
      },
      () => online,
    );
    expect(await openThread(ctx, 'a-thread')).toBe('offline');
    expect(asked).toBe(0);
    online = true;
    expect(await openThread(ctx, 'a-thread')).toBe('offline');
    online = true;
    await expect(openThread(ctx, 'a-thread')).rejects.toThrow('The sync worker stopped');
    expect(asked).toBe(2);
  });
});
