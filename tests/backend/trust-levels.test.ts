// Trust levels: computed by the database from account age, days visited, posts read and written, likes received and
// flags agreed against the thresholds of public.trust_settings; staff set a level by hand and it sticks; each
// change by staff is in the audit log.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, dbRow, makeReply, makeThread, type TestMember } from './members.ts';
import { startTestStack, type TestStack } from './stack.ts';
import { logRowsOf } from './support/moderationLog.ts';

let stack: TestStack;
let moderator: TestMember;

beforeAll(async () => {
  stack = await startTestStack({ seed: false });
  await stack.db.query(
    `insert into public.categories (name, slug, type, order_index) values ('General', 'general', 'guapcoin', 1)`,
  );
  moderator = await createMember(stack, { role: 'moderator' });
});
afterAll(async () => {
  await stack?.close();
});

interface Trust {
  level: number;
  computed_level: number;
  locked: boolean;
  account_days: number;
  days_visited: number;
  posts_read: number;
  posts_written: number;
}

async function trustOf(who: TestMember, asked: TestMember = moderator): Promise<Trust> {
  const { data, error } = await asked.client.rpc('member_trust', { member: who.id }).single();
  expect(error).toBeNull();
  return data as Trust;
}

/** A member who has read `read` posts of a thread written by someone else, and visited on `days` days. */
async function readAndVisit(who: TestMember, read: number, days: number): Promise<void> {
  const thread = await makeThread(stack, moderator.id);
  for (let i = 1; i < read; i++) await makeReply(stack, thread, moderator.id, `Reply ${i}`);
  expect((await who.client.rpc('mark_thread_read', { thread_id: thread, post_number: read })).error).toBeNull();
  await stack.db.query(
    `insert into public.member_visit_days (member_id, day)
     select $1, (now() at time zone 'UTC')::date - d from generate_series(1, $2::int) d on conflict do nothing`,
    [who.id, days],
  );
}

describe('computed levels', () => {
  it('a new account is level 0; a day old with five posts read it is level 1', async () => {
    const member = await createMember(stack);
    expect(await trustOf(member)).toMatchObject({ level: 0, computed_level: 0, locked: false, account_days: 0 });
    await readAndVisit(member, 5, 0);
    expect((await trustOf(member)).level).toBe(0);
    await stack.db.query(`update public.profiles set created_at = now() - interval '2 days' where id = $1`, [
      member.id,
    ]);
    expect(await trustOf(member)).toMatchObject({ level: 1, account_days: 2, posts_read: 5 });
  });

  it('a visit is counted once a day, by the pull that touches last_seen', async () => {
    const member = await createMember(stack);
    expect((await member.client.rpc('touch_last_seen')).error).toBeNull();
    expect((await member.client.rpc('touch_last_seen')).error).toBeNull();
    expect((await trustOf(member)).days_visited).toBe(1);
  });

  it('level 2 asks every threshold of trust_settings, which the operator tunes', async () => {
    const member = await createMember(stack);
    await stack.db.query(
      `update public.profiles set created_at = now() - interval '8 days', reputation = 1, reply_count = 3
       where id = $1`,
      [member.id],
    );
    await readAndVisit(member, 20, 10);
    expect((await trustOf(member)).level).toBe(1);
    const service = stack.service();
    expect((await service.from('trust_settings').update({ tl2_posts_read: 20 }).eq('id', true)).error).toBeNull();
    try {
      expect((await trustOf(member)).level).toBe(2);
    } finally {
      await service.from('trust_settings').update({ tl2_posts_read: 100 }).eq('id', true);
    }
  });

  it('no member changes the settings', async () => {
    const member = await createMember(stack);
    await member.client.from('trust_settings').update({ tl1_posts_read: 0 }).eq('id', true);
    expect(await dbRow(stack, 'select tl1_posts_read from public.trust_settings')).toEqual({ tl1_posts_read: 5 });
  });
});

describe('levels set by hand', () => {
  it('stick until cleared, each change in the audit log', async () => {
    const member = await createMember(stack);
    const rows = await logRowsOf(stack, async () => {
      expect((await moderator.client.rpc('set_trust_level', { member: member.id, level: 2 })).error).toBeNull();
    });
    expect(rows).toEqual([
      expect.objectContaining({
        action: 'trust_level',
        actor_id: moderator.id,
        target_user_id: member.id,
        details: { from: 0, to: 2, locked: true },
      }),
    ]);
    // Activity that would compute level 1 does not move a level set by hand.
    await stack.db.query(`update public.profiles set created_at = now() - interval '2 days' where id = $1`, [
      member.id,
    ]);
    await readAndVisit(member, 5, 1);
    expect(await trustOf(member)).toMatchObject({ level: 2, computed_level: 1, locked: true });
    expect((await moderator.client.rpc('set_trust_level', { member: member.id, level: null })).error).toBeNull();
    expect(await trustOf(member)).toMatchObject({ level: 1, locked: false });
  });

  it('are for staff: a member cannot set a level, not even their own, and nothing changes', async () => {
    const member = await createMember(stack);
    const other = await createMember(stack);
    for (const target of [member, other]) {
      const { error } = await member.client.rpc('set_trust_level', { member: target.id, level: 3 });
      expect(error?.code).toBe('42501');
    }
    expect(
      await dbRow(stack, 'select count(*)::int as n from public.trust_level_locks where member_id in ($1, $2)', [
        member.id,
        other.id,
      ]),
    ).toEqual({ n: 0 });
    const own = await moderator.client.rpc('set_trust_level', { member: moderator.id, level: 3 });
    expect(own.error?.code).toBe('42501');
    const bad = await moderator.client.rpc('set_trust_level', { member: member.id, level: 4 });
    expect(bad.error?.code).toBe('22023');
  });

  it("a member reads their own level, not another's", async () => {
    const member = await createMember(stack);
    const other = await createMember(stack);
    expect((await trustOf(member, member)).level).toBe(0);
    const { error } = await member.client.rpc('member_trust', { member: other.id });
    expect(error?.code).toBe('42501');
  });
});
