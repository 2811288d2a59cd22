// A pull's page is written in chunks, each its own transaction: every row still lands once, a row a waiting write is
// about to change is left alone, and an older version never replaces a newer one, whichever chunk holds it.
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { expect, it } from 'vitest';
import { openMirror } from '../data/mirror.ts';
import type { Write } from '../data/outboxTypes.ts';
import type { PostRow } from '../data/types.ts';
import { putUnlessPending } from './pullWindow.ts';

const post = (n: number, sync_txid = 10) =>
  ({
    id: `p${n}`,
    thread_id: 't1',
    content: `post number ${n}`,
    created_at: `2026-11-20T10:${n}`,
    sync_txid,
  }) as unknown as PostRow;

it('stores every row of a 450-row page but the one a waiting write holds, and keeps a newer version', async () => {
  const db = openMirror({ indexedDB: new IDBFactory(), IDBKeyRange });
  const reply = { kind: 'reply', post: post(7) } as unknown as Write;
  await db.outbox.add({ id: 'w1', userId: 'u1', write: reply, createdAt: 0, rev: 0, attempts: 0, notBefore: 0 });
  await db.posts.put({ ...post(300, 50), content: 'edited since' });

  await putUnlessPending(
    db,
    'posts',
    Array.from({ length: 450 }, (_, n) => post(n)),
  );

  expect(await db.posts.count()).toBe(449);
  expect(await db.posts.get('p7')).toBeUndefined();
  expect((await db.posts.get('p300'))?.content).toBe('edited since');
  expect((await db.posts.get('p449'))?.content).toBe('post number 449');
});
