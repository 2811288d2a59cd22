import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { expect, it } from 'vitest';
import { openMirror } from '../../data/mirror.ts';
import { enqueueThread } from '../../sync/outbox.ts';
import { newThreadSlug } from './threads.ts';

it("a new thread's slug gets a suffix only when a thread on this device has it", async () => {
  const db = openMirror({ indexedDB: new IDBFactory(), IDBKeyRange });
  let id = 0;
  const ctx = { db, userId: 'u1', now: () => Date.parse('2026-11-20T10:00:00Z'), newId: () => `id-${++id}` };
  await enqueueThread(ctx, { categoryId: 'c1', title: 'Hello World', slug: 'hello-world', content: 'Hi', images: [] });

  expect(await newThreadSlug(db, 'A fresh title!')).toBe('a-fresh-title');
  expect(await newThreadSlug(db, 'Hello,  World')).toMatch(/^hello-world-[0-9a-z]{5}$/);
});
