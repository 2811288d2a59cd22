// The audit log: each moderation action writes exactly one row of public.moderation_log in its own
// transaction; a member's deletion of their own post writes none; nobody changes or deletes a row through the API,
// and only admins read the log.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, dbRow, makeReply, makeThread, type TestMember } from './members.ts';
import { startTestStack, type TestStack } from './stack.ts';
import { logRowsOf, logSnapshot } from './support/moderationLog.ts';

let stack: TestStack;
let admin: TestMember;
let moderator: TestMember;
let member: TestMember;
let reporters: TestMember[];
let otherCategory: string;

beforeAll(async () => {
  stack = await startTestStack({ seed: false });
  await stack.db.query(
    `insert into public.categories (name, slug, type, order_index) values
       ('General', 'general', 'guapcoin', 1), ('Trading', 'trading', 'crypto', 2)`,
  );
  otherCategory = (await dbRow<{ id: string }>(stack, `select id from public.categories where slug = 'trading'`))!.id;
  admin = await createMember(stack, { role: 'admin' });
  moderator = await createMember(stack, { role: 'moderator' });
  member = await createMember(stack);
  reporters = [await createMember(stack, { trustLevel: 1 }), await createMember(stack, { trustLevel: 1 })];
});
afterAll(async () => {
  await stack?.close();
});

const ok = async (call: PromiseLike<{ error: unknown }>) => {
  const { error } = await call;
  expect(error).toBeNull();
};

describe('each moderation action writes exactly one audit row', () => {
  it('a role change, with from and to', async () => {
    const target = await createMember(stack);
    const rows = await logRowsOf(stack, () =>
      ok(admin.client.from('profiles').update({ role: 'moderator' }).eq('id', target.id)),
    );
    expect(rows).toEqual([
      expect.objectContaining({
        action: 'role_change',
        actor_id: admin.id,
        actor_username: admin.username,
        target_user_id: target.id,
        target_username: target.username,
        details: { from: 'user', to: 'moderator' },
      }),
    ]);
  });

  it('a ban with its reason, and the unban', async () => {
    const target = await createMember(stack);
    const banned = await logRowsOf(stack, () =>
      ok(admin.client.rpc('ban_user', { target: target.id, reason: 'Spam links', delete_posts: false })),
    );
    expect(banned).toEqual([
      expect.objectContaining({
        action: 'ban',
        actor_id: admin.id,
        target_user_id: target.id,
        reason: 'Spam links',
        details: { delete_posts: false },
      }),
    ]);
    const unbanned = await logRowsOf(stack, () => ok(admin.client.rpc('unban_user', { target: target.id })));
    expect(unbanned).toEqual([
      expect.objectContaining({ action: 'unban', actor_id: admin.id, target_user_id: target.id }),
    ]);
  });

  it('a ban that deletes posts writes its one row, and none per post', async () => {
    const target = await createMember(stack);
    const thread = await makeThread(stack, member.id);
    await makeReply(stack, thread, target.id, 'First spam');
    await makeReply(stack, thread, target.id, 'Second spam');
    const rows = await logRowsOf(stack, () =>
      ok(admin.client.rpc('ban_user', { target: target.id, reason: 'Spammer', delete_posts: true })),
    );
    expect(rows).toEqual([expect.objectContaining({ action: 'ban', details: { delete_posts: true } })]);
    expect(await dbRow(stack, 'select id from public.posts where author_id = $1', [target.id])).toBeUndefined();
  });

  it("deleting another member's post, but not one's own", async () => {
    const thread = await makeThread(stack, member.id);
    const reply = await makeReply(stack, thread, member.id);
    const rows = await logRowsOf(stack, () => ok(moderator.client.from('posts').delete().eq('id', reply)));
    expect(rows).toEqual([
      expect.objectContaining({
        action: 'delete_post',
        actor_id: moderator.id,
        target_user_id: member.id,
        thread_id: thread,
        post_id: reply,
      }),
    ]);
    const own = await makeReply(stack, thread, member.id);
    expect(await logRowsOf(stack, () => ok(member.client.from('posts').delete().eq('id', own)))).toEqual([]);
    expect(await dbRow(stack, 'select id from public.posts where id = $1', [own])).toBeUndefined();
  });

  it("deleting another member's thread: one row, none for the posts that go with it", async () => {
    const thread = await makeThread(stack, member.id, { title: 'A thread to be removed' });
    await makeReply(stack, thread, reporters[0]!.id);
    const rows = await logRowsOf(stack, () => ok(moderator.client.from('threads').delete().eq('id', thread)));
    expect(rows).toEqual([
      expect.objectContaining({
        action: 'delete_thread',
        actor_id: moderator.id,
        target_user_id: member.id,
        thread_id: thread,
        details: { title: 'A thread to be removed' },
      }),
    ]);
  });

  it.each([
    [{ is_pinned: true }, 'pin', { is_pinned: false }, 'unpin'],
    [{ is_locked: true }, 'lock', { is_locked: false }, 'unlock'],
    [{ is_ad: true }, 'mark_ad', { is_ad: false }, 'unmark_ad'],
  ])('the thread tools: %o is %s, and back is %s, each naming the thread', async (on, onAction, off, offAction) => {
    const thread = await makeThread(stack, member.id, { title: `Tool target ${onAction}` });
    const set = await logRowsOf(stack, () => ok(moderator.client.from('threads').update(on).eq('id', thread)));
    expect(set).toEqual([
      expect.objectContaining({
        action: onAction,
        actor_id: moderator.id,
        target_user_id: member.id,
        thread_id: thread,
        details: { title: `Tool target ${onAction}` },
      }),
    ]);
    const unset = await logRowsOf(stack, () => ok(moderator.client.from('threads').update(off).eq('id', thread)));
    expect(unset).toEqual([
      expect.objectContaining({ action: offAction, thread_id: thread, details: { title: `Tool target ${onAction}` } }),
    ]);
  });

  it('moving a thread, naming the thread and both categories', async () => {
    const thread = await makeThread(stack, member.id, { title: 'A thread on the move' });
    const from = (await dbRow<{ category_id: string }>(stack, 'select category_id from public.threads where id = $1', [
      thread,
    ]))!.category_id;
    const nameOf = async (id: string) =>
      (await dbRow<{ name: string }>(stack, 'select name from public.categories where id = $1', [id]))!.name;
    const rows = await logRowsOf(stack, () =>
      ok(moderator.client.from('threads').update({ category_id: otherCategory }).eq('id', thread)),
    );
    expect(rows).toEqual([
      expect.objectContaining({
        action: 'move_thread',
        thread_id: thread,
        details: {
          title: 'A thread on the move',
          from_category_id: from,
          to_category_id: otherCategory,
          from_category: await nameOf(from),
          to_category: await nameOf(otherCategory),
        },
      }),
    ]);
  });

  it('an author editing their own title writes nothing', async () => {
    const thread = await makeThread(stack, member.id);
    const rows = await logRowsOf(stack, () =>
      ok(member.client.from('threads').update({ title: 'A better title for it' }).eq('id', thread)),
    );
    expect(rows).toEqual([]);
  });

  it('a report, its dismissal, and a resolution', async () => {
    const thread = await makeThread(stack, member.id);
    const reply = await makeReply(stack, thread, member.id);
    const reported = await logRowsOf(stack, () =>
      ok(
        reporters[0]!.client
          .from('post_reports')
          .insert({ id: randomUUID(), post_id: reply, reason: 'other', details: 'Asks for my seed phrase' }),
      ),
    );
    expect(reported).toEqual([
      expect.objectContaining({
        action: 'report_post',
        actor_id: reporters[0]!.id,
        target_user_id: member.id,
        thread_id: thread,
        post_id: reply,
        reason: 'Asks for my seed phrase',
        details: { reason: 'other' },
      }),
    ]);
    const dismissed = await logRowsOf(stack, () => ok(moderator.client.rpc('dismiss_reports', { post_id: reply })));
    expect(dismissed).toEqual([
      expect.objectContaining({
        action: 'dismiss_report',
        actor_id: moderator.id,
        post_id: reply,
        details: { reports: 1, outcome: 'dismissed' },
      }),
    ]);
    await ok(reporters[1]!.client.from('post_reports').insert({ post_id: reply, reason: 'spam' }));
    const resolved = await logRowsOf(stack, () =>
      ok(moderator.client.rpc('resolve_reports', { post_id: reply, outcome: 'post_deleted' })),
    );
    expect(resolved).toEqual([
      expect.objectContaining({ action: 'resolve_report', details: { reports: 1, outcome: 'post_deleted' } }),
    ]);
  });
});

describe('the log cannot be changed', () => {
  it('refuses PATCH and DELETE from an admin and from the service role, and keeps every row', async () => {
    const target = await createMember(stack);
    await ok(admin.client.from('profiles').update({ role: 'moderator' }).eq('id', target.id));
    const before = await logSnapshot(stack);
    expect(before.length).toBeGreaterThan(0);
    for (const client of [admin.client, stack.service()]) {
      const patch = await client.from('moderation_log').update({ reason: 'rewritten' }).eq('target_user_id', target.id);
      expect(patch.error?.code).toBe('42501');
      const removal = await client.from('moderation_log').delete().eq('target_user_id', target.id);
      expect(removal.error?.code).toBe('42501');
      const insert = await client.from('moderation_log').insert({ action: 'ban', reason: 'forged' });
      expect(insert.error?.code).toBe('42501');
    }
    expect(await logSnapshot(stack)).toEqual(before);
  });

  it('refuses even the database owner', async () => {
    const before = await logSnapshot(stack);
    await expect(stack.db.query(`update public.moderation_log set reason = 'rewritten'`)).rejects.toThrow(
      'The moderation log cannot be changed',
    );
    await expect(stack.db.query('delete from public.moderation_log')).rejects.toThrow(
      'The moderation log cannot be changed',
    );
    expect(await logSnapshot(stack)).toEqual(before);
  });

  it("keeps a row when its actor's account is deleted, with the username", async () => {
    const actor = await createMember(stack, { role: 'moderator' });
    const thread = await makeThread(stack, member.id);
    await ok(actor.client.from('threads').update({ is_pinned: true }).eq('id', thread));
    await stack.db.query('delete from auth.users where id = $1', [actor.id]);
    expect(
      await dbRow(
        stack,
        `select actor_id, actor_username from public.moderation_log where action = 'pin' and thread_id = $1`,
        [thread],
      ),
    ).toEqual({ actor_id: null, actor_username: actor.username });
  });
});

describe('who reads the log', () => {
  it('admins read it; moderators and members get no rows; visitors are refused', async () => {
    const target = await createMember(stack);
    await ok(admin.client.from('profiles').update({ role: 'moderator' }).eq('id', target.id));
    const byAdmin = await admin.client
      .from('moderation_log')
      .select('action, target_user_id')
      .eq('target_user_id', target.id);
    expect(byAdmin).toMatchObject({ error: null, data: [{ action: 'role_change', target_user_id: target.id }] });
    for (const who of [moderator, member]) {
      const { data, error } = await who.client.from('moderation_log').select('id');
      expect(error).toBeNull();
      expect(data).toEqual([]);
    }
    expect((await stack.anon().from('moderation_log').select('id')).error?.code).toBe('42501');
  });

  it('an admin filters by actor and action, newest first', async () => {
    const thread = await makeThread(stack, member.id);
    await ok(moderator.client.from('threads').update({ is_locked: true }).eq('id', thread));
    await ok(moderator.client.from('threads').update({ is_locked: false }).eq('id', thread));
    const { data, error } = await admin.client
      .from('moderation_log')
      .select('action, thread_id')
      .eq('actor_id', moderator.id)
      .in('action', ['lock', 'unlock'])
      .eq('thread_id', thread)
      .order('created_at', { ascending: false });
    expect(error).toBeNull();
    expect(data).toEqual([
      { action: 'unlock', thread_id: thread },
      { action: 'lock', thread_id: thread },
    ]);
  });
});

describe('a moderator cannot make anyone an admin', () => {
  it('refuses the change, keeps the role, and logs nothing', async () => {
    const target = await createMember(stack);
    const rows = await logRowsOf(stack, async () => {
      const { error } = await moderator.client.from('profiles').update({ role: 'admin' }).eq('id', target.id);
      expect(error).toMatchObject({ code: '42501', message: 'Only admins can make a member an admin' });
    });
    expect(rows).toEqual([]);
    expect(await dbRow(stack, 'select role from public.profiles where id = $1', [target.id])).toEqual({ role: 'user' });
  });
});
