// The users table of /moderation: moderation_users() searches username and email on the server, pages by
// keyset, leaves out the admin asking, and answers admins only; moderation_user_count() counts the same members.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, type TestMember } from './members.ts';
import { startTestStack, type TestStack } from './stack.ts';

interface UserRow {
  id: string;
  username: string;
  email: string;
  role: string;
  is_banned: boolean;
  created_at: string;
}

let stack: TestStack;
let admin: TestMember;
let moderator: TestMember;
const named: TestMember[] = [];

beforeAll(async () => {
  stack = await startTestStack({ seed: false });
  admin = await createMember(stack, { role: 'admin', username: 'Head_Admin' });
  moderator = await createMember(stack, { role: 'moderator', username: 'river_mod' });
  for (const name of ['SatoshiFan', 'satoshi_two', 'hodler_100%', 'under_score', 'plain']) {
    named.push(await createMember(stack, { username: name }));
  }
});
afterAll(async () => {
  await stack?.close();
});

const users = async (args: Record<string, unknown>) => {
  const { data, error } = await admin.client.rpc('moderation_users', args);
  expect(error).toBeNull();
  return data as UserRow[];
};

describe('moderation_users', () => {
  it('lists everyone but the admin asking, newest first, with role, ban and email', async () => {
    const rows = await users({});
    expect(rows.map((r) => r.username)).toEqual([
      'plain',
      'under_score',
      'hodler_100%',
      'satoshi_two',
      'SatoshiFan',
      'river_mod',
    ]);
    expect(rows.find((r) => r.id === admin.id)).toBeUndefined();
    expect(rows.find((r) => r.id === moderator.id)).toMatchObject({
      role: 'moderator',
      is_banned: false,
      email: moderator.email,
    });
  });

  it('searches username case-insensitively, trimmed, and email', async () => {
    expect((await users({ search: '  SATOSHI ' })).map((r) => r.username)).toEqual(['satoshi_two', 'SatoshiFan']);
    const byEmail = await users({ search: named[4]!.email.slice(0, 12) });
    expect(byEmail.map((r) => r.id)).toEqual([named[4]!.id]);
    expect(await users({ search: 'nobody-is-called-this' })).toEqual([]);
  });

  it('takes % and _ literally', async () => {
    expect((await users({ search: '100%' })).map((r) => r.username)).toEqual(['hodler_100%']);
    expect((await users({ search: 'r_s' })).map((r) => r.username)).toEqual(['under_score']);
    // As wildcards, these would find hodler_100% and plain.
    expect(await users({ search: 'o%l' })).toEqual([]);
    expect(await users({ search: 'l_i' })).toEqual([]);
  });

  it('pages by (created_at, id) without gaps or repeats', async () => {
    const all = await users({});
    const first = await users({ max_rows: 4 });
    const last = first[first.length - 1]!;
    const second = await users({ max_rows: 4, after_created_at: last.created_at, after_id: last.id });
    expect([...first, ...second].map((r) => r.id)).toEqual(all.map((r) => r.id));
  });

  it('refuses more than 100 rows', async () => {
    const { error } = await admin.client.rpc('moderation_users', { max_rows: 101 });
    expect(error).toMatchObject({ code: '22023' });
  });

  it('counts what a search finds', async () => {
    expect(await admin.client.rpc('moderation_user_count', { search: 'satoshi' })).toMatchObject({ data: 2 });
    expect(await admin.client.rpc('moderation_user_count', {})).toMatchObject({ data: 6 });
  });

  it('pages a search whether its matches are among the newest members or far behind them', async () => {
    // 2,100 members who joined after everyone above: two of them match, and the older matches sit behind them all.
    await stack.db.query(
      `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
         confirmation_token, recovery_token, email_change_token_new, email_change, raw_app_meta_data,
         raw_user_meta_data, created_at, updated_at)
       select '00000000-0000-0000-0000-000000000000', gen_random_uuid(), 'authenticated', 'authenticated',
         'later' || n || '@mail.test', '', now(), '', '', '', '', '{"provider": "email", "providers": ["email"]}',
         jsonb_build_object('username', case when n % 1050 = 0 then 'satoshi_late_' else 'later_' end || n),
         now() + make_interval(secs => n), now()
       from generate_series(1, 2100) as n`,
    );
    const pages: string[][] = [];
    let after: Record<string, unknown> = {};
    for (;;) {
      const page = await users({ search: 'satoshi', max_rows: 2, ...after });
      if (page.length === 0) break;
      pages.push(page.map((r) => r.username));
      const last = page[page.length - 1]!;
      after = { after_created_at: last.created_at, after_id: last.id };
    }
    expect(pages).toEqual([
      ['satoshi_late_2100', 'satoshi_late_1050'],
      ['satoshi_two', 'SatoshiFan'],
    ]);
    // A page the newest members fill alone.
    expect((await users({ search: 'SATOSHI_LATE', max_rows: 1 })).map((r) => r.username)).toEqual([
      'satoshi_late_2100',
    ]);
  });

  it('refuses moderators, members and visitors', async () => {
    for (const client of [moderator.client, named[0]!.client]) {
      for (const fn of ['moderation_users', 'moderation_user_count']) {
        const { data, error } = await client.rpc(fn, {});
        expect(error, fn).toMatchObject({ code: '42501' });
        expect(data).toBeNull();
      }
    }
    expect((await stack.anon().rpc('moderation_users', {})).error?.code).toBe('42501');
  });
});
