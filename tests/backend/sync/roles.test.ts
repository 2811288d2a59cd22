// The setRole write kind and the members directory's server pages, against the real local stack: what the
// database allows is sent and kept, what it refuses lands in the failed list with the card put back, and an
// offline change waits in the outbox.
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { beforeAll, describe, expect, it } from 'vitest';
import { fetchMembers } from '../../../src/backend/members.ts';
import { openMirror } from '../../../src/data/mirror.ts';
import { enqueueSetRole } from '../../../src/sync/kinds/setRole.ts';
import { fetchMemberPage } from '../../../src/sync/memberPages.ts';
import { DEMO } from '../stack.ts';
import { catchUp, newDevice, type Device } from './device.ts';
import { setUpSyncStack } from './setUpSyncStack.ts';

const { stack, devices } = setUpSyncStack();
let mod: Device;

beforeAll(async () => {
  mod = await newDevice(stack);
  devices.push(mod);
  await mod.signIn(DEMO.moderator.email, DEMO.moderator.password);
  await mod.engine.sync();
});

async function serverRole(id: string) {
  const { rows } = await stack.db.query<{ role: string }>('select role from public.profiles where id = $1', [id]);
  return rows[0]?.role;
}

/** A new member, pulled onto the moderator's device. */
async function newMemberOnDevice() {
  const member = await stack.newMember();
  await catchUp(mod, stack.db);
  return member.id;
}

describe('setRole', () => {
  it("sends a moderator's promotion of a user, and the card keeps the server's row", async () => {
    const id = await newMemberOnDevice();
    const entryId = await enqueueSetRole(mod.writer(), { memberId: id, role: 'moderator' });
    expect(entryId).not.toBeNull();
    expect((await mod.db.profiles.get(id))?.role).toBe('moderator');
    await mod.engine.flush();
    expect(await serverRole(id)).toBe('moderator');
    expect(await mod.db.outbox.count()).toBe(0);
    expect(await mod.db.failed.count()).toBe(0);
    expect((await mod.db.profiles.get(id))?.role).toBe('moderator');
  });

  it("refuses a moderator's promotion to admin: the failed list has it, the card and the server keep 'user'", async () => {
    const id = await newMemberOnDevice();
    const entryId = await enqueueSetRole(mod.writer(), { memberId: id, role: 'admin' });
    expect((await mod.db.profiles.get(id))?.role).toBe('admin');
    await mod.engine.flush();
    expect(await serverRole(id)).toBe('user');
    const failed = await mod.db.failed.get(entryId!);
    expect(failed?.code).toBe('42501');
    expect(failed?.reason).toMatch(/not allowed/i);
    expect((await mod.db.profiles.get(id))?.role).toBe('user');
    await mod.db.failed.clear();
  });

  it("refuses a moderator's change of an admin, and of their own role", async () => {
    const { rows } = await stack.db.query<{ id: string }>(
      "select id from public.profiles where username in ('guapadmin', 'guapmod') order by username",
    );
    for (const { id } of rows) {
      const before = await serverRole(id);
      const entryId = await enqueueSetRole(mod.writer(), { memberId: id, role: 'user' });
      await mod.engine.flush();
      expect(await serverRole(id)).toBe(before);
      expect((await mod.db.failed.get(entryId!))?.code).toBe('42501');
      expect((await mod.db.profiles.get(id))?.role).toBe(before);
    }
    await mod.db.failed.clear();
  });

  it('waits in the outbox while offline, is not undone by a pull, and is sent on reconnect', async () => {
    const id = await newMemberOnDevice();
    mod.network.mode = 'down';
    await enqueueSetRole(mod.writer(), { memberId: id, role: 'moderator' });
    await mod.engine.flush();
    expect(await mod.db.outbox.count()).toBe(1);
    expect(await serverRole(id)).toBe('user');
    mod.network.mode = 'up';
    mod.clock.advance(60_000);
    await mod.engine.pull();
    expect((await mod.db.profiles.get(id))?.role).toBe('moderator');
    await mod.engine.flush();
    expect(await mod.db.outbox.count()).toBe(0);
    expect(await serverRole(id)).toBe('moderator');
  });
});

describe('the server pages of the members directory', () => {
  beforeAll(async () => {
    // 60 members named pager_NN, reputation NN, so two pages of them are certain to exist.
    await stack.db.query(
      `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
         confirmation_token, recovery_token, email_change_token_new, email_change, raw_app_meta_data,
         raw_user_meta_data, created_at, updated_at)
       select '00000000-0000-0000-0000-000000000000', gen_random_uuid(), 'authenticated', 'authenticated',
         'pager' || n || '@members.test', '', now(), '', '', '', '', '{"provider": "email", "providers": ["email"]}',
         jsonb_build_object('username', 'pager_' || lpad(n::text, 2, '0')), now(), now()
       from generate_series(1, 60) as n`,
    );
    await stack.db.query(
      "update public.profiles set reputation = substr(username, 7)::int where username like 'pager\\_%'",
    );
  });

  it('answers 50 members a page by reputation, highest first, without overlap, searched by a word', async () => {
    const first = await fetchMembers(stack.anon(), { word: 'pager', page: 0 });
    const second = await fetchMembers(stack.anon(), { word: 'pager', page: 1 });
    expect(first.members).toHaveLength(50);
    expect(first.more).toBe(true);
    expect(second.members).toHaveLength(10);
    expect(second.more).toBe(false);
    const reputations = [...first.members, ...second.members].map((m) => m.reputation);
    expect(reputations).toEqual(Array.from({ length: 60 }, (_, i) => 60 - i));
    const all = await fetchMembers(stack.anon(), { word: '', page: 0 });
    expect(all.members[0]?.username).toBe('guapadmin');
  });

  it('reads search text that is PostgREST syntax or a wildcard as a plain word', async () => {
    for (const word of ['pager_0', 'pa,ger)', '%', 'pager.*']) {
      const { members } = await fetchMembers(stack.anon(), { word, page: 0 });
      expect(
        members.every((m) => /pager/.test(m.username) || word === '%'),
        word,
      ).toBe(true);
    }
    const { members } = await fetchMembers(stack.anon(), { word: 'nobody_has_this', page: 0 });
    expect(members).toEqual([]);
  });

  it('merges a page into the mirror, leaving alone a member whose role change waits', async () => {
    // A mirror with no engine filling it: only the page lands in it.
    const db = openMirror({ indexedDB: new IDBFactory(), IDBKeyRange });
    const device = { db, client: stack.anon() };
    const more = await fetchMemberPage(device.db, device.client, { word: 'pager', page: 0 });
    expect(more).toBe(true);
    expect(await device.db.profiles.where('username').startsWith('pager_').count()).toBe(50);
    const top = (await device.db.profiles.where('username').equals('pager_60').first())!;
    // An older stamp than the server's: only the waiting write keeps the page from replacing it.
    await device.db.profiles.put({ ...top, role: 'moderator', sync_txid: 0 });
    const write = { kind: 'setRole', id: top.id, role: 'moderator', previous: 'user' } as const;
    await device.db.outbox.add({ id: 'w', userId: 'u', write, createdAt: 0, rev: 0, attempts: 0, notBefore: 0 });
    await fetchMemberPage(device.db, device.client, { word: 'pager', page: 0 });
    expect((await device.db.profiles.get(top.id))?.role).toBe('moderator');
    db.close();
  });
});
