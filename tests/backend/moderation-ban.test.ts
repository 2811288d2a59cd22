// Bans: ban_user with delete_posts is one transaction (a failure in the middle changes nothing), a banned
// member's writes are refused and unban_user restores them, and only admins ban.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, dbRow, makeReply, makeThread, type TestMember } from './members.ts';
import { startTestStack, type TestStack } from './stack.ts';
import { logSnapshot } from './support/moderationLog.ts';

let stack: TestStack;
let admin: TestMember;
let moderator: TestMember;
let member: TestMember;
let categoryId: string;

beforeAll(async () => {
  stack = await startTestStack({ seed: false });
  await stack.db.query(
    `insert into public.categories (name, slug, type, order_index) values ('General', 'general', 'guapcoin', 1)`,
  );
  categoryId = (await dbRow<{ id: string }>(stack, `select id from public.categories where slug = 'general'`))!.id;
  admin = await createMember(stack, { role: 'admin' });
  moderator = await createMember(stack, { role: 'moderator' });
  member = await createMember(stack);
});
afterAll(async () => {
  await stack?.close();
});

/** What a ban changes: the member's posts, their ban record and flag, and the audit log. */
async function banState(target: string) {
  return {
    posts: (await stack.db.query('select id from public.posts where author_id = $1 order by id', [target])).rows,
    record: await dbRow(stack, 'select reason, delete_posts from public.banned_users where user_id = $1', [target]),
    flag: await dbRow(stack, 'select is_banned from public.profiles where id = $1', [target]),
    log: await logSnapshot(stack),
  };
}

describe('a ban that deletes posts is atomic', () => {
  it('changes nothing when the third post deletion fails', async () => {
    const target = await createMember(stack);
    const thread = await makeThread(stack, member.id);
    for (let i = 1; i <= 4; i += 1) await makeReply(stack, thread, target.id, `Spam number ${i}`);
    // A failure in the middle: the third post deleted in a transaction raises.
    await stack.db.exec(`
      create function public.test_fail_third_delete() returns trigger language plpgsql as $$
      declare
        n integer := coalesce(nullif(current_setting('test.deleted', true), ''), '0')::integer + 1;
      begin
        perform set_config('test.deleted', n::text, true);
        if n = 3 then
          raise exception 'disk full in the middle of the ban';
        end if;
        return old;
      end $$;
      create trigger test_fail_third_delete after delete on public.posts
        for each row execute function public.test_fail_third_delete();`);
    const before = await banState(target.id);
    expect(before.posts).toHaveLength(4);
    const { error } = await admin.client.rpc('ban_user', { target: target.id, reason: 'Spammer', delete_posts: true });
    expect(error?.message).toContain('disk full in the middle of the ban');
    expect(await banState(target.id)).toEqual(before);
    await stack.db.exec(
      'drop trigger test_fail_third_delete on public.posts; drop function public.test_fail_third_delete();',
    );

    const done = await admin.client.rpc('ban_user', { target: target.id, reason: 'Spammer', delete_posts: true });
    expect(done.error).toBeNull();
    const after = await banState(target.id);
    expect(after.posts).toEqual([]);
    expect(after.record).toEqual({ reason: 'Spammer', delete_posts: true });
    expect(after.flag).toEqual({ is_banned: true });
  });
});

describe("a banned member's writes", () => {
  it('are refused (thread, reply, message, report), and allowed again after unban', async () => {
    const target = await createMember(stack, { trustLevel: 1 });
    const thread = await makeThread(stack, member.id);
    const post = await makeReply(stack, thread, member.id, 'Something worth reporting');
    expect((await admin.client.rpc('ban_user', { target: target.id, reason: 'Abuse' })).error).toBeNull();

    const writes = {
      thread: () =>
        target.client.from('threads').insert({
          id: randomUUID(),
          slug: `banned-${randomUUID()}`,
          title: 'A thread while banned',
          category_id: categoryId,
          author_id: target.id,
        }),
      reply: () =>
        target.client
          .from('posts')
          .insert({ id: randomUUID(), thread_id: thread, author_id: target.id, content: 'Hi', type: 'reply' }),
      message: () =>
        target.client
          .from('messages')
          .insert({ id: randomUUID(), sender_id: target.id, recipient_id: member.id, subject: 'Hi', content: 'Hello' }),
      report: () =>
        target.client
          .from('post_reports')
          .insert({ id: randomUUID(), post_id: post, reporter_id: target.id, reason: 'spam' }),
    };
    const written = async () => ({
      threads: (await dbRow<{ n: number }>(
        stack,
        'select count(*)::int as n from public.threads where author_id = $1',
        [target.id],
      ))!.n,
      posts: (await dbRow<{ n: number }>(stack, 'select count(*)::int as n from public.posts where author_id = $1', [
        target.id,
      ]))!.n,
      messages: (await dbRow<{ n: number }>(
        stack,
        'select count(*)::int as n from public.messages where sender_id = $1',
        [target.id],
      ))!.n,
      reports: (await dbRow<{ n: number }>(
        stack,
        'select count(*)::int as n from public.post_reports where reporter_id = $1',
        [target.id],
      ))!.n,
    });
    for (const [what, write] of Object.entries(writes)) {
      const { error } = await write();
      expect(error, what).toMatchObject({ code: '42501', message: 'Your account is banned' });
    }
    expect(await written()).toEqual({ threads: 0, posts: 0, messages: 0, reports: 0 });

    expect((await admin.client.rpc('unban_user', { target: target.id })).error).toBeNull();
    for (const [what, write] of Object.entries(writes)) {
      const { error } = await write();
      expect(error, what).toBeNull();
    }
    expect(await written()).toEqual({ threads: 1, posts: 1, messages: 1, reports: 1 });
  });
});

describe('only admins ban', () => {
  it('refuses a moderator and a member, and changes nothing', async () => {
    const target = await createMember(stack);
    const thread = await makeThread(stack, member.id);
    await makeReply(stack, thread, target.id);
    const before = await banState(target.id);
    for (const who of [moderator, member]) {
      const { error } = await who.client.rpc('ban_user', { target: target.id, reason: 'No', delete_posts: true });
      expect(error).toMatchObject({ code: '42501', message: 'Only admins can ban members' });
    }
    expect(await banState(target.id)).toEqual(before);
  });

  it('refuses a ban without a reason', async () => {
    const target = await createMember(stack);
    const before = await banState(target.id);
    const { error } = await admin.client.rpc('ban_user', { target: target.id, reason: '   ' });
    expect(error).toMatchObject({ code: '22023', message: 'Please provide a reason for the ban' });
    expect(await banState(target.id)).toEqual(before);
  });
});
