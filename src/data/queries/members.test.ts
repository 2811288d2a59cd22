// The members directory's mirror reads: reputation order with a stable tie-break, the first cards, and search.
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { openMirror } from '../mirror.ts';
import type { ProfileRow } from '../types.ts';
import { allMembers, byReputation, filterMembers, roleChangeStatus, roleChanges, topMembers } from './members.ts';

const member = (id: string, username: string, reputation: number, display_name: string | null = null): ProfileRow => ({
  id,
  username,
  display_name,
  bio: null,
  avatar_url: null,
  wallet_address: null,
  wallet_verified: false,
  role: 'user',
  reputation,
  is_banned: false,
  thread_count: 0,
  tips_received: 0,
  reply_count: 0,
  last_seen_at: null,
  created_at: '2026-11-01T00:00:00Z',
  updated_at: '2026-11-01T00:00:00Z',
  sync_txid: 1,
});

const people = [
  member('c', 'crypto_carla', 175, 'Carla'),
  member('a', 'guapadmin', 980, 'GuapCoin Admin'),
  member('b2', 'hodl_queen', 355, 'HODL Queen'),
  member('b1', 'satoshi_nakamoney', 355, 'Satoshi Nakamoney'),
  member('n', 'node_runner', 230, 'Node Runner'),
];

async function mirrorWith(rows: ProfileRow[]) {
  const db = openMirror({ indexedDB: new IDBFactory(), IDBKeyRange });
  await db.profiles.bulkPut(rows);
  return db;
}

describe('members in directory order', () => {
  it('puts the highest reputation first, equal reputations by id as the server pages them', async () => {
    const db = await mirrorWith(people);
    expect((await allMembers(db)).map((m) => m.id)).toEqual(['a', 'b1', 'b2', 'n', 'c']);
    expect([...people].sort(byReputation).map((m) => m.id)).toEqual(['a', 'b1', 'b2', 'n', 'c']);
  });

  it('reads the first cards through the reputation index alone', async () => {
    const db = await mirrorWith(people);
    expect((await topMembers(db, 3)).map((m) => m.username)).toEqual(['guapadmin', 'satoshi_nakamoney', 'hodl_queen']);
  });
});

describe('searching members', () => {
  it('matches every word in the username or display name, in any case, keeping the order', () => {
    const sorted = [...people].sort(byReputation);
    expect(filterMembers(sorted, 'QUEEN').map((m) => m.id)).toEqual(['b2']);
    expect(filterMembers(sorted, 'node run').map((m) => m.id)).toEqual(['n']);
    expect(filterMembers(sorted, 'a').map((m) => m.id)).toEqual(['a', 'b1', 'c']);
    expect(filterMembers(sorted, 'carla admin')).toEqual([]);
    expect(filterMembers(sorted, '  ')).toBe(sorted);
  });
});

describe('role changes of this device', () => {
  it('lists the waiting and refused ones, and says how a queued one ended', async () => {
    const db = await mirrorWith(people);
    const write = { kind: 'setRole', id: 'n', role: 'moderator', previous: 'user' } as const;
    const base = { userId: 'me', createdAt: 1, rev: 0, attempts: 0, notBefore: 0 };
    const seq = await db.outbox.add({ ...base, id: 'w1', write });
    await db.failed.put({ ...base, id: 'w2', write: { ...write, id: 'c' }, failedAt: 2, reason: 'no' });
    await db.outbox.add({ ...base, id: 'other', userId: 'someone', write });
    expect(await roleChanges(db, 'me')).toEqual([
      { entryId: 'w1', memberId: 'n', role: 'moderator', status: 'waiting' },
      {
        entryId: 'w2',
        memberId: 'c',
        role: 'moderator',
        status: 'failed',
        refused: { reason: 'no', memberName: 'Carla' },
      },
    ]);
    expect(await roleChangeStatus(db, 'w1')).toBe('waiting');
    await db.outbox.delete(seq);
    expect(await roleChangeStatus(db, 'w1')).toBe('sent');
    expect(await roleChangeStatus(db, 'w2')).toBe('refused');
  });
});
