// What the database keeps by itself: profiles on sign-up, counters, timestamps, versions, the rpcs, the checks of
// SPEC section 5 and the tombstones, through supabase-js where a client is involved.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, dbRow, makeReply, makeThread, type TestMember } from './members.ts';
import { startTestStack, type TestStack } from './stack.ts';

let stack: TestStack;
let admin: TestMember;
let member: TestMember;
let categoryId: string;

beforeAll(async () => {
  stack = await startTestStack({ seed: false });
  categoryId = (await dbRow<{ id: string }>(
    stack,
    `insert into public.categories (name, slug, type) values ('General', 'general', 'guapcoin') returning id`,
  ))!.id;
  admin = await createMember(stack, { role: 'admin' });
  member = await createMember(stack);
});
afterAll(async () => {
  await stack?.close();
});

async function signUpRow(email: string, username?: string): Promise<string> {
  const id = randomUUID();
  await stack.db.query(
    `insert into auth.users (id, aud, role, email, raw_user_meta_data) values ($1, 'authenticated', 'authenticated', $2, $3)`,
    [id, email, JSON.stringify(username === undefined ? {} : { username })],
  );
  return id;
}
const profileOf = (id: string) =>
  dbRow<{ username: string; email: string; role: string }>(
    stack,
    'select username, email, role from public.profiles where id = $1',
    [id],
  );
const threadOf = (id: string) =>
  dbRow<{ reply_count: number; last_reply_at: Date | null; view_count: number }>(
    stack,
    'select reply_count, last_reply_at, view_count from public.threads where id = $1',
    [id],
  );

describe('profiles follow accounts', () => {
  it('creates a profile with the sign-up username and the email when an account is created', async () => {
    const id = await signUpRow('satoshi@example.test', 'satoshi_fan');
    expect(await profileOf(id)).toEqual({ username: 'satoshi_fan', email: 'satoshi@example.test', role: 'user' });
  });

  it('keeps a chosen username exactly, or refuses the account with the reason; only a missing one is made up', async () => {
    const refusal = async (email: string, username: string) => {
      try {
        await signUpRow(email, username);
      } catch (error) {
        const count = await dbRow<{ n: number }>(stack, 'select count(*)::int as n from auth.users where email = $1', [
          email,
        ]);
        expect(count).toEqual({ n: 0 });
        return (error as Error).message;
      }
      return 'created';
    };
    expect(await refusal('other@example.test', 'SATOSHI_FAN')).toBe('Username is already taken');
    expect(await refusal('x@example.test', 'jo')).toBe('Username must be at least 3 characters');
    expect(await refusal('long@example.test', 'n'.repeat(41))).toBe('Username must be at most 40 characters');
    expect(await refusal('space@example.test', 'guap admin')).toBe('Username cannot contain spaces');
    const exact = await signUpRow('forty@example.test', 'n'.repeat(40));
    expect((await profileOf(exact))!.username).toBe('n'.repeat(40));
    const missing = await signUpRow('hodler.jane@example.test');
    expect((await profileOf(missing))!.username).toBe('hodler.jane');
    const again = await signUpRow('hodler.jane@example.org');
    expect((await profileOf(again))!.username).toBe('hodler.jane_1');
  });

  it('through the auth API, a refused name gets a 422 with the reason, and no account, profile or mail is made', async () => {
    const cases = [
      ['SATOSHI_FAN', 'Username is already taken'],
      ['n'.repeat(41), 'Username must be at most 40 characters'],
      ['guap admin', 'Username cannot contain spaces'],
    ] as const;
    for (const [username, reason] of cases) {
      const email = `refused-${randomUUID()}@example.test`;
      const { data, error } = await stack
        .anon()
        .auth.signUp({ email, password: 'correct-horse-7', options: { data: { username } } });
      expect(error?.status).toBe(422);
      expect(error?.message).toBe(reason);
      expect(data.user).toBeNull();
      const count = await dbRow<{ n: number }>(stack, 'select count(*)::int as n from auth.users where email = $1', [
        email,
      ]);
      expect(count).toEqual({ n: 0 });
    }
  });

  it('tells the sign-up form, before any account is made, why a username would be refused', async () => {
    const anon = stack.anon();
    const ask = async (wanted: string) => (await anon.rpc('username_problem', { wanted })).data as string | null;
    expect(await ask('satoshi_fan')).toBe('Username is already taken');
    expect(await ask('Satoshi_Fan')).toBe('Username is already taken');
    expect(await ask('satoshi fan')).toBe('Username cannot contain spaces');
    expect(await ask('fresh_name_30')).toBeNull();
  });

  it("makes the app's profile insert after sign-up a harmless no-op", async () => {
    const before = await profileOf(member.id);
    const { error, status } = await member.client
      .from('profiles')
      .insert({ id: member.id, username: 'someone_else', email: 'spoof@example.test' });
    expect(error).toBeNull();
    expect(status).toBe(201);
    expect(await profileOf(member.id)).toEqual(before);
  });

  it("keeps the profile's email in step with the account's", async () => {
    const id = await signUpRow('old@example.test', 'mover');
    await stack.db.query(`update auth.users set email = 'new@example.test' where id = $1`, [id]);
    expect((await profileOf(id))!.email).toBe('new@example.test');
  });
});

describe('threads and posts', () => {
  it('counts two replies sent at the same moment by two members', async () => {
    const threadId = await makeThread(stack, admin.id);
    const other = await createMember(stack);
    const send = (m: TestMember) =>
      m.client
        .from('posts')
        .insert({ thread_id: threadId, author_id: m.id, content: `Reply from ${m.username}`, type: 'reply' });
    const results = await Promise.all([send(member), send(other), send(member), send(other)]);
    expect(results.map((r) => r.error)).toEqual([null, null, null, null]);
    const thread = await threadOf(threadId);
    expect(thread!.reply_count).toBe(4);
    const last = await dbRow<{ max: Date }>(
      stack,
      `select max(created_at) from public.posts where thread_id = $1 and type = 'reply'`,
      [threadId],
    );
    expect(thread!.last_reply_at).toEqual(last!.max);
  });

  it("keeps the server's reply_count and last_reply_at when a client PATCHes them", async () => {
    const threadId = await makeThread(stack, member.id);
    await makeReply(stack, threadId, admin.id);
    const before = await threadOf(threadId);
    const { error } = await member.client
      .from('threads')
      .update({ reply_count: 99, last_reply_at: '2001-01-01T00:00:00Z', view_count: 5000 })
      .eq('id', threadId);
    expect(error).toBeNull();
    expect(await threadOf(threadId)).toEqual(before);
  });

  it('takes a reply off the count when it is deleted', async () => {
    const threadId = await makeThread(stack, admin.id);
    const first = await makeReply(stack, threadId, member.id);
    const second = await makeReply(stack, threadId, member.id);
    await member.client.from('posts').delete().eq('id', second).eq('author_id', member.id);
    const firstAt = await dbRow<{ created_at: Date }>(stack, 'select created_at from public.posts where id = $1', [
      first,
    ]);
    expect(await threadOf(threadId)).toMatchObject({ reply_count: 1, last_reply_at: firstAt!.created_at });
  });

  it('gives a post the server time, whatever created_at an offline client sends', async () => {
    const threadId = await makeThread(stack, admin.id);
    const { data, error } = await member.client
      .from('posts')
      .insert({
        thread_id: threadId,
        author_id: member.id,
        content: 'Written on the train',
        type: 'reply',
        created_at: '2001-01-01T00:00:00Z',
      })
      .select('created_at,updated_at')
      .single<{ created_at: string; updated_at: string }>();
    expect(error).toBeNull();
    expect(Math.abs(Date.parse(data!.created_at) - Date.now())).toBeLessThan(60_000);
    expect(data!.updated_at).toBe(data!.created_at);
  });

  it('bumps the version, marks the post edited and moves updated_at on every edit', async () => {
    const threadId = await makeThread(stack, admin.id);
    const id = await makeReply(stack, threadId, member.id, 'First version');
    const edit = (content: string, base: number) =>
      member.client
        .from('posts')
        .update({ content, is_edited: true, updated_at: '2001-01-01T00:00:00Z', version: 77 })
        .eq('id', id)
        .eq('version', base)
        .select('content,version,is_edited,updated_at');
    const first = await edit('Second version', 1);
    expect(first.data).toMatchObject([{ content: 'Second version', version: 2, is_edited: true }]);
    expect(Date.parse(first.data![0]!.updated_at)).toBeGreaterThan(Date.parse('2020-01-01'));
    // An edit based on a version the server has moved past changes nothing: the client's conflict signal.
    const stale = await edit('Third version', 1);
    expect(stale.data).toEqual([]);
    expect(await dbRow(stack, 'select content, version from public.posts where id = $1', [id])).toEqual({
      content: 'Second version',
      version: 2,
    });
  });

  it('counts a view for visitors and members through increment_thread_view_count', async () => {
    const threadId = await makeThread(stack, admin.id);
    const anon = await stack.anon().rpc('increment_thread_view_count', { thread_id: threadId });
    const signedIn = await member.client.rpc('increment_thread_view_count', { thread_id: threadId });
    expect(anon.error).toBeNull();
    expect(signedIn.error).toBeNull();
    expect((await threadOf(threadId))!.view_count).toBe(2);
  });

  it('starts a new thread with zero counters and no flags, whatever the client sends', async () => {
    const id = randomUUID();
    const { error } = await member.client.from('threads').insert({
      id,
      slug: `fresh-${id}`,
      title: 'Fresh thread',
      category_id: categoryId,
      author_id: member.id,
      view_count: 1000,
      reply_count: 50,
    });
    expect(error).toBeNull();
    expect(await threadOf(id)).toEqual({ reply_count: 0, last_reply_at: null, view_count: 0 });
  });
});

describe('accounts and bans', () => {
  it('deletes the caller account with delete_user(), the profile going with it and the posts staying', async () => {
    const leaver = await createMember(stack);
    const threadId = await makeThread(stack, admin.id);
    const postId = await makeReply(stack, threadId, leaver.id);
    const { error } = await leaver.client.rpc('delete_user');
    expect(error).toBeNull();
    expect(await dbRow(stack, 'select id from auth.users where id = $1', [leaver.id])).toBeUndefined();
    expect(await profileOf(leaver.id)).toBeUndefined();
    expect(await dbRow(stack, 'select author_id from public.posts where id = $1', [postId])).toEqual({
      author_id: null,
    });
    expect((await threadOf(threadId))!.reply_count).toBe(1);
  });

  it("bans atomically with ban_user: record, flag and the member's posts", async () => {
    const target = await createMember(stack);
    const threadId = await makeThread(stack, admin.id);
    await makeReply(stack, threadId, target.id);
    await makeReply(stack, threadId, target.id);
    const { error } = await admin.client.rpc('ban_user', {
      target: target.id,
      reason: '  Phishing links  ',
      delete_posts: true,
    });
    expect(error).toBeNull();
    expect(
      await dbRow(stack, 'select reason, banned_by, delete_posts from public.banned_users where user_id = $1', [
        target.id,
      ]),
    ).toEqual({
      reason: 'Phishing links',
      banned_by: admin.id,
      delete_posts: true,
    });
    expect(await dbRow(stack, 'select is_banned from public.profiles where id = $1', [target.id])).toEqual({
      is_banned: true,
    });
    expect(await dbRow(stack, 'select count(*)::int as n from public.posts where author_id = $1', [target.id])).toEqual(
      { n: 0 },
    );
    expect((await threadOf(threadId))!.reply_count).toBe(0);
  });

  it('keeps the posts when a ban is made without deleting them, and unban_user reverses the ban', async () => {
    const target = await createMember(stack);
    const postId = await makeReply(stack, await makeThread(stack, admin.id), target.id);
    expect(
      (await admin.client.rpc('ban_user', { target: target.id, reason: 'Rude', delete_posts: false })).error,
    ).toBeNull();
    expect(await dbRow(stack, 'select id from public.posts where id = $1', [postId])).toBeDefined();
    const { error } = await admin.client.rpc('unban_user', { target: target.id });
    expect(error).toBeNull();
    expect(
      await dbRow(stack, 'select user_id from public.banned_users where user_id = $1', [target.id]),
    ).toBeUndefined();
    expect(await dbRow(stack, 'select is_banned from public.profiles where id = $1', [target.id])).toEqual({
      is_banned: false,
    });
  });

  it('refuses a ban without a reason, leaving everything as it was', async () => {
    const target = await createMember(stack);
    const postId = await makeReply(stack, await makeThread(stack, admin.id), target.id);
    const { error } = await admin.client.rpc('ban_user', { target: target.id, reason: '   ', delete_posts: true });
    expect(error?.message).toBe('Please provide a reason for the ban');
    expect(await dbRow(stack, 'select is_banned from public.profiles where id = $1', [target.id])).toEqual({
      is_banned: false,
    });
    expect(await dbRow(stack, 'select id from public.posts where id = $1', [postId])).toBeDefined();
  });

  it('refuses an admin banning themself', async () => {
    const { error } = await admin.client.rpc('ban_user', { target: admin.id, reason: 'Oops', delete_posts: false });
    expect(error?.code).toBe('42501');
    expect(await dbRow(stack, 'select is_banned from public.profiles where id = $1', [admin.id])).toEqual({
      is_banned: false,
    });
  });
});

describe('checks of SPEC section 5', () => {
  const thread = (title: string, slug = `slug-${randomUUID()}`) =>
    member.client.from('threads').insert({ title, slug, category_id: categoryId, author_id: member.id });

  it('refuses a title under 5 or over 200 characters and accepts the bounds', async () => {
    expect((await thread('Four')).error?.code).toBe('23514');
    expect((await thread('x'.repeat(201))).error?.code).toBe('23514');
    expect((await thread('Fives')).error).toBeNull();
    expect((await thread('x'.repeat(200))).error).toBeNull();
  });

  it('refuses a slug over 100 characters or already used', async () => {
    expect((await thread('Long slug thread', 'a'.repeat(101))).error?.code).toBe('23514');
    expect((await thread('First with slug', 'same-slug')).error).toBeNull();
    const again = await thread('Second with slug', 'same-slug');
    expect(again.error?.code).toBe('23505');
    expect(again.error?.message).toMatch(/slug/);
  });

  it('refuses an opening post under 10 characters and a blank reply', async () => {
    const id = randomUUID();
    await thread('Thread without its post yet', `t-${id}`);
    const { data } = await member.client.from('threads').select('id').eq('slug', `t-${id}`).single<{ id: string }>();
    const opening = await member.client
      .from('posts')
      .insert({ thread_id: data!.id, author_id: member.id, content: 'Too short', type: 'thread', is_first_post: true });
    const blank = await member.client
      .from('posts')
      .insert({ thread_id: data!.id, author_id: member.id, content: '  \n ', type: 'reply' });
    expect(opening.error?.code).toBe('23514');
    expect(blank.error?.code).toBe('23514');
  });

  it('refuses a bio over 500 characters', async () => {
    const { error } = await member.client
      .from('profiles')
      .update({ bio: 'b'.repeat(501) })
      .eq('id', member.id);
    expect(error?.code).toBe('23514');
    const ok = await member.client
      .from('profiles')
      .update({ bio: 'b'.repeat(500) })
      .eq('id', member.id);
    expect(ok.error).toBeNull();
  });

  it('refuses a username under 3 characters or taken in any case', async () => {
    const short = await member.client.from('profiles').update({ username: 'ab' }).eq('id', member.id);
    const taken = await member.client
      .from('profiles')
      .update({ username: admin.username.toUpperCase() })
      .eq('id', member.id);
    expect(short.error?.code).toBe('23514');
    expect(taken.error?.code).toBe('23505');
    expect((await profileOf(member.id))!.username).toBe(member.username);
  });
});

describe('tombstones', () => {
  it('writes a tombstone on delete and refuses a retried insert of the deleted id', async () => {
    const threadId = await makeThread(stack, admin.id);
    const id = randomUUID();
    const row = { id, thread_id: threadId, author_id: member.id, content: 'Sent from the outbox', type: 'reply' };
    expect(
      (await member.client.from('posts').upsert(row, { onConflict: 'id', ignoreDuplicates: true })).error,
    ).toBeNull();
    await admin.client.from('posts').delete().eq('id', id);
    expect(await dbRow(stack, `select table_name from public.sync_tombstones where row_id = $1`, [id])).toEqual({
      table_name: 'posts',
    });
    const retry = await member.client.from('posts').upsert(row, { onConflict: 'id', ignoreDuplicates: true });
    expect(retry.error?.code).toBe('23505');
    expect(await dbRow(stack, 'select id from public.posts where id = $1', [id])).toBeUndefined();
  });

  it('answers a retried reply that already landed without error, even after the thread was locked', async () => {
    const threadId = await makeThread(stack, admin.id);
    const row = {
      id: randomUUID(),
      thread_id: threadId,
      author_id: member.id,
      content: 'Answer lost on the way',
      type: 'reply',
    };
    expect(
      (await member.client.from('posts').upsert(row, { onConflict: 'id', ignoreDuplicates: true })).error,
    ).toBeNull();
    await stack.db.query('update public.threads set is_locked = true where id = $1', [threadId]);
    const retry = await member.client.from('posts').upsert(row, { onConflict: 'id', ignoreDuplicates: true });
    expect(retry.error).toBeNull();
    expect((await threadOf(threadId))!.reply_count).toBe(1);
  });
});
