// A role change through the outbox, on a fake-indexeddb mirror: the card's row changes at once, the write waits.
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { expect, it } from 'vitest';
import { openMirror } from '../../data/mirror.ts';
import { pendingTargets } from '../pending.ts';
import { enqueueSetRole } from './setRole.ts';

it('shows the new role at once, queues one write per change, and none for the role the member has', async () => {
  const db = openMirror({ indexedDB: new IDBFactory(), IDBKeyRange });
  await db.profiles.put({
    id: 'n',
    username: 'node_runner',
    display_name: 'Node Runner',
    bio: null,
    avatar_url: null,
    wallet_address: null,
    wallet_verified: false,
    role: 'user',
    reputation: 230,
    is_banned: false,
    thread_count: 2,
    tips_received: 0,
    reply_count: 5,
    last_seen_at: null,
    created_at: '2026-11-01T00:00:00Z',
    updated_at: '2026-11-01T00:00:00Z',
    sync_txid: 7,
  });
  const ctx = { db, userId: 'mod', now: () => 1 };
  expect(await enqueueSetRole(ctx, { memberId: 'n', role: 'user' })).toBeNull();
  expect(await enqueueSetRole(ctx, { memberId: 'gone', role: 'moderator' })).toBeNull();
  const id = await enqueueSetRole(ctx, { memberId: 'n', role: 'moderator' });
  expect(id).toEqual(expect.any(String));
  expect((await db.profiles.get('n'))?.role).toBe('moderator');
  const entries = await db.outbox.toArray();
  expect(entries.map((e) => [e.id, e.userId, e.write])).toEqual([
    [id, 'mod', { kind: 'setRole', id: 'n', role: 'moderator', previous: 'user' }],
  ]);
  // While it waits, pulls leave the member's row alone.
  expect(await pendingTargets(db)).toEqual(new Set(['n']));
});
