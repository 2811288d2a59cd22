// Enqueueing a profile change: the mirror row and the outbox entry change together, and the pull leaves the row
// alone while the change waits.
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { expect, it } from 'vitest';
import { openMirror } from '../../data/mirror.ts';
import type { ProfileRow } from '../../data/types.ts';
import { pendingTargets } from '../pending.ts';
import { enqueueUpdateProfile } from './updateProfile.ts';

const row: ProfileRow = {
  id: 'u1',
  username: 'satoshi',
  display_name: null,
  bio: null,
  avatar_url: null,
  wallet_address: null,
  wallet_verified: false,
  role: 'user',
  reputation: 3,
  is_banned: false,
  thread_count: 1,
  tips_received: 0,
  reply_count: 2,
  last_seen_at: null,
  created_at: '2026-11-01T00:00:00Z',
  updated_at: '2026-11-01T00:00:00Z',
  sync_txid: 7,
};

it('shows the change in the mirror and queues it as one write, which pulls then leave alone', async () => {
  const db = openMirror({ indexedDB: new IDBFactory(), IDBKeyRange });
  await db.profiles.put(row);
  const ctx = { db, userId: 'u1', now: () => 1000 };
  const entryId = await enqueueUpdateProfile(ctx, { bio: 'Hello', avatar_url: 'https://x/a.webp' });

  expect(await db.profiles.get('u1')).toEqual({ ...row, bio: 'Hello', avatar_url: 'https://x/a.webp' });
  const [entry] = await db.outbox.toArray();
  expect(entry).toMatchObject({
    id: entryId,
    userId: 'u1',
    write: { kind: 'updateProfile', id: 'u1', changes: { bio: 'Hello', avatar_url: 'https://x/a.webp' } },
  });
  expect(await pendingTargets(db)).toEqual(new Set(['u1']));
});

it('writes nothing when the outbox cannot take the entry', async () => {
  const db = openMirror({ indexedDB: new IDBFactory(), IDBKeyRange });
  await db.profiles.put(row);
  const ctx = { db, userId: 'u1', now: () => 1000, newId: () => 'same-id' };
  await enqueueUpdateProfile(ctx, { bio: 'First' });
  // A second entry with the same id breaks the outbox's unique index: the mirror change must not stay either.
  await expect(enqueueUpdateProfile(ctx, { bio: 'Second' })).rejects.toThrow();
  expect((await db.profiles.get('u1'))?.bio).toBe('First');
  expect(await db.outbox.count()).toBe(1);
});
