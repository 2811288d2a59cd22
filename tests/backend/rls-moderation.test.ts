// Row-level security of banned_users, banned_user_list, categories, push_subscriptions and sync_tombstones, and
// who may call the moderation rpcs, both ways, through supabase-js.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, dbRow, makeReply, makeThread, type TestMember } from './members.ts';
import { startTestStack, type TestStack } from './stack.ts';

let stack: TestStack;
let admin: TestMember;
let moderator: TestMember;
let member: TestMember;

beforeAll(async () => {
  stack = await startTestStack({ seed: false });
  await stack.db.query(
    `insert into public.categories (name, slug, type, order_index) values
       ('Announcements', 'announcements', 'guapcoin', 1), ('Old stuff', 'old-stuff', 'support', 9)`,
  );
  await stack.db.query(`update public.categories set is_active = false where slug = 'old-stuff'`);
  admin = await createMember(stack, { role: 'admin' });
  moderator = await createMember(stack, { role: 'moderator' });
  member = await createMember(stack);
});
afterAll(async () => {
  await stack?.close();
});

const isBanned = async (id: string) =>
  (await dbRow<{ is_banned: boolean }>(stack, 'select is_banned from public.profiles where id = $1', [id]))!.is_banned;
const banRow = (id: string) => dbRow(stack, 'select * from public.banned_users where user_id = $1', [id]);

describe('banned_users', () => {
  it('lets an admin ban through POST banned_users, which also sets is_banned', async () => {
    const target = await createMember(stack);
    const { error } = await admin.client
      .from('banned_users')
      .insert({ user_id: target.id, banned_by: admin.id, reason: 'Spam links', delete_posts: false });
    expect(error).toBeNull();
    expect(await banRow(target.id)).toMatchObject({ reason: 'Spam links', banned_by: admin.id });
    expect(await isBanned(target.id)).toBe(true);
  });

  it('refuses a moderator writing banned_users', async () => {
    const target = await createMember(stack);
    const { error } = await moderator.client
      .from('banned_users')
      .insert({ user_id: target.id, banned_by: moderator.id, reason: 'Spam', delete_posts: false });
    expect(error?.code).toBe('42501');
    expect(await banRow(target.id)).toBeUndefined();
    expect(await isBanned(target.id)).toBe(false);
  });

  it('shows banned_users to admins only', async () => {
    const target = await createMember(stack);
    await stack.db.query(`insert into public.banned_users (user_id, reason) values ($1, 'Scam')`, [target.id]);
    const byAdmin = await admin.client.from('banned_users').select('user_id').eq('user_id', target.id);
    const byModerator = await moderator.client.from('banned_users').select('user_id').eq('user_id', target.id);
    const byVisitor = await stack.anon().from('banned_users').select('user_id');
    expect(byAdmin.data).toEqual([{ user_id: target.id }]);
    expect(byModerator.data).toEqual([]);
    expect(byVisitor.error?.code).toBe('42501');
  });

  it('lets an admin unban through DELETE banned_users, which clears is_banned', async () => {
    const target = await createMember(stack);
    await stack.db.query(`insert into public.banned_users (user_id, reason) values ($1, 'Scam')`, [target.id]);
    const { error } = await admin.client.from('banned_users').delete().eq('user_id', target.id);
    expect(error).toBeNull();
    expect(await banRow(target.id)).toBeUndefined();
    expect(await isBanned(target.id)).toBe(false);
  });

  it('does not let a member lift a ban', async () => {
    const target = await createMember(stack);
    await stack.db.query(`insert into public.banned_users (user_id, reason) values ($1, 'Scam')`, [target.id]);
    const { data } = await member.client.from('banned_users').delete().eq('user_id', target.id).select('user_id');
    expect(data ?? []).toEqual([]);
    expect(await banRow(target.id)).toBeDefined();
    expect(await isBanned(target.id)).toBe(true);
  });

  it('gives admins the Banned tab with username and email through banned_user_list', async () => {
    const target = await createMember(stack);
    await stack.db.query(
      `insert into public.banned_users (user_id, reason, delete_posts) values ($1, 'Phishing', true)`,
      [target.id],
    );
    const { data, error } = await admin.client
      .from('banned_user_list')
      .select('user_id,reason,delete_posts,banned_at,username,email')
      .eq('user_id', target.id)
      .order('banned_at', { ascending: false });
    expect(error).toBeNull();
    expect(data).toEqual([
      expect.objectContaining({
        user_id: target.id,
        reason: 'Phishing',
        username: target.username,
        email: target.email,
      }),
    ]);
  });

  it('shows banned_user_list to no one but admins', async () => {
    const byModerator = await moderator.client.from('banned_user_list').select('user_id,email');
    const byVisitor = await stack.anon().from('banned_user_list').select('user_id,email');
    expect(byModerator.error).toBeNull();
    expect(byModerator.data).toEqual([]);
    expect(byVisitor.error?.code).toBe('42501');
  });
});

describe('moderation rpcs', () => {
  it('refuses ban_user to a moderator, changing nothing', async () => {
    const target = await createMember(stack);
    const postId = await makeReply(stack, await makeThread(stack, admin.id), target.id);
    const { error } = await moderator.client.rpc('ban_user', { target: target.id, reason: 'Spam', delete_posts: true });
    expect(error?.code).toBe('42501');
    expect(await isBanned(target.id)).toBe(false);
    expect(await banRow(target.id)).toBeUndefined();
    expect(await dbRow(stack, 'select id from public.posts where id = $1', [postId])).toBeDefined();
  });

  it('refuses ban_user and unban_user to visitors', async () => {
    const target = await createMember(stack);
    const ban = await stack.anon().rpc('ban_user', { target: target.id, reason: 'Spam', delete_posts: false });
    const unban = await stack.anon().rpc('unban_user', { target: target.id });
    expect(ban.error).not.toBeNull();
    expect(unban.error).not.toBeNull();
    expect(await isBanned(target.id)).toBe(false);
  });

  it('refuses unban_user to a moderator', async () => {
    const target = await createMember(stack);
    await stack.db.query(`insert into public.banned_users (user_id, reason) values ($1, 'Scam')`, [target.id]);
    const { error } = await moderator.client.rpc('unban_user', { target: target.id });
    expect(error?.code).toBe('42501');
    expect(await isBanned(target.id)).toBe(true);
  });

  it('refuses delete_user to visitors', async () => {
    const { error } = await stack.anon().rpc('delete_user');
    expect(error).not.toBeNull();
  });
});

describe('categories', () => {
  it('shows visitors the active categories only', async () => {
    const { data, error } = await stack.anon().from('categories').select('slug').order('order_index');
    expect(error).toBeNull();
    expect(data).toEqual([{ slug: 'announcements' }]);
  });

  it('refuses members and staff writing categories', async () => {
    const insert = await admin.client.from('categories').insert({ name: 'Mine', slug: 'mine', type: 'crypto' });
    const update = await moderator.client.from('categories').update({ name: 'Renamed' }).eq('slug', 'announcements');
    expect(insert.error?.code).toBe('42501');
    expect(update.error?.code).toBe('42501');
    expect(await dbRow(stack, `select id from public.categories where slug = 'mine'`)).toBeUndefined();
    expect(await dbRow(stack, `select name from public.categories where slug = 'announcements'`)).toEqual({
      name: 'Announcements',
    });
  });
});

describe('push_subscriptions', () => {
  const subscription = (userId: string) => ({
    id: randomUUID(),
    user_id: userId,
    endpoint: `https://push.example.test/${randomUUID()}`,
    p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
    auth: 'tBHItJI5svbpez7KI4CCXg',
  });

  it('lets a member store and read their own subscription', async () => {
    const row = subscription(member.id);
    const insert = await member.client.from('push_subscriptions').insert(row);
    const read = await member.client.from('push_subscriptions').select('id');
    expect(insert.error).toBeNull();
    expect(read.data).toEqual([{ id: row.id }]);
  });

  it("hides a member's subscriptions from others and refuses one in another's name", async () => {
    const row = subscription(moderator.id);
    const insert = await member.client.from('push_subscriptions').insert(row);
    expect(insert.error?.code).toBe('42501');
    expect(await dbRow(stack, 'select id from public.push_subscriptions where id = $1', [row.id])).toBeUndefined();
    const { data } = await admin.client.from('push_subscriptions').select('id');
    expect(data).toEqual([]);
  });
});

describe('sync_tombstones', () => {
  it('tells visitors that a public row was deleted', async () => {
    const threadId = await makeThread(stack, member.id);
    const postId = await makeReply(stack, threadId, member.id);
    await stack.db.query('delete from public.posts where id = $1', [postId]);
    const { data, error } = await stack.anon().from('sync_tombstones').select('table_name,row_id').eq('row_id', postId);
    expect(error).toBeNull();
    expect(data).toEqual([{ table_name: 'posts', row_id: postId }]);
  });

  it('refuses clients writing tombstones', async () => {
    const rowId = randomUUID();
    const { error } = await member.client.from('sync_tombstones').insert({ table_name: 'posts', row_id: rowId });
    expect(error?.code).toBe('42501');
    expect(await dbRow(stack, 'select row_id from public.sync_tombstones where row_id = $1', [rowId])).toBeUndefined();
  });
});
