// A member's thread_count and reply_count, kept by triggers as posts come and go; no client sets them.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, dbRow, demoClient, type TestMember } from './members.ts';
import { startTestStack, type TestStack } from './stack.ts';

let stack: TestStack;
let categoryId: string;
let moderator: TestMember;

beforeAll(async () => {
  stack = await startTestStack();
  categoryId = (await dbRow<{ id: string }>(stack, `select id from public.categories where is_active limit 1`))!.id;
  moderator = await createMember(stack, { role: 'moderator' });
});
afterAll(async () => {
  await stack?.close();
});

const counts = (id: string) =>
  dbRow<{ thread_count: number; reply_count: number; updated_at: Date }>(
    stack,
    'select thread_count, reply_count, updated_at from public.profiles where id = $1',
    [id],
  );

/** A thread and its opening post, as the app writes them. */
async function writeThread(who: TestMember): Promise<string> {
  const id = randomUUID();
  const thread = await who.client
    .from('threads')
    .insert({ id, slug: `t-${id}`, title: 'Counting threads', category_id: categoryId, author_id: who.id });
  expect(thread.error).toBeNull();
  const post = await who.client
    .from('posts')
    .insert({ thread_id: id, author_id: who.id, content: 'The opening post, counted as a thread.', type: 'thread' });
  expect(post.error).toBeNull();
  return id;
}

async function writeReply(who: TestMember, threadId: string): Promise<string> {
  const id = randomUUID();
  const { error } = await who.client
    .from('posts')
    .insert({ id, thread_id: threadId, author_id: who.id, content: 'A counted reply', type: 'reply' });
  expect(error).toBeNull();
  return id;
}

describe('thread and reply counts', () => {
  it('match the seed: every profile counts its threads and replies', async () => {
    const wrong = await stack.db.query(
      `select p.username from public.profiles p
       where p.thread_count <> (select count(*) from public.threads t where t.author_id = p.id)
          or p.reply_count <> (select count(*) from public.posts o where o.author_id = p.id and o.type = 'reply')`,
    );
    expect(wrong.rows).toEqual([]);
    const total = await dbRow<{ n: number }>(stack, 'select sum(thread_count)::int as n from public.profiles');
    expect(total!.n).toBeGreaterThan(0);
  });

  it('follow posts added and deleted, the opening post counting as the thread', async () => {
    const writer = await createMember(stack);
    const replier = await createMember(stack);
    const threadId = await writeThread(writer);
    expect(await counts(writer.id)).toMatchObject({ thread_count: 1, reply_count: 0 });
    await writeReply(writer, threadId);
    const replyId = await writeReply(writer, threadId);
    await writeReply(replier, threadId);
    expect(await counts(writer.id)).toMatchObject({ thread_count: 1, reply_count: 2 });
    expect(await counts(replier.id)).toMatchObject({ thread_count: 0, reply_count: 1 });

    expect((await writer.client.from('posts').delete().eq('id', replyId)).error).toBeNull();
    expect(await counts(writer.id)).toMatchObject({ thread_count: 1, reply_count: 1 });

    // A deleted thread takes its replies with it, from every replier's count.
    expect((await moderator.client.from('threads').delete().eq('id', threadId)).error).toBeNull();
    expect(await counts(writer.id)).toMatchObject({ thread_count: 0, reply_count: 0 });
    expect(await counts(replier.id)).toMatchObject({ thread_count: 0, reply_count: 0 });
  });

  it('follow a ban that deletes the posts: each thread and the author lose them at once, likes and all', async () => {
    const writer = await createMember(stack);
    const spammer = await createMember(stack);
    const liker = await createMember(stack);
    const first = await writeThread(writer);
    const second = await writeThread(writer);
    const kept = await writeReply(writer, first);
    await stack.db.query(
      `insert into public.posts (thread_id, author_id, content, type)
       select t, $3, 'Spam ' || n, 'reply' from generate_series(1, 3) n, unnest(array[$1::uuid, $2::uuid]) t`,
      [first, second, spammer.id],
    );
    await stack.db.query(
      `insert into public.post_likes (post_id, user_id)
       select id, $2 from public.posts where author_id = $1 order by id limit 2`,
      [spammer.id, liker.id],
    );
    const standing = (id: string) =>
      dbRow<{ reply_count: number; reputation: number }>(
        stack,
        'select reply_count, reputation from public.profiles where id = $1',
        [id],
      );
    const before = (await standing(spammer.id))!;
    expect(before.reply_count).toBe(6);
    const admin = await demoClient(stack, 'admin');
    const ban = await admin.rpc('ban_user', { target: spammer.id, reason: 'Spam', delete_posts: true });
    expect(ban.error).toBeNull();

    expect(await standing(spammer.id)).toEqual({ reply_count: 0, reputation: before.reputation - 2 });
    const threads = await stack.db.query<{ id: string; reply_count: number; last: Date | null; kept: Date | null }>(
      `select t.id, t.reply_count, t.last_reply_at as last, (select created_at from public.posts where id = $3) as kept
       from public.threads t where t.id in ($1, $2)`,
      [first, second, kept],
    );
    const byId = Object.fromEntries(threads.rows.map((t) => [t.id, t]));
    expect(byId[first]).toMatchObject({ reply_count: 1, last: byId[first]!.kept });
    expect(byId[first]!.last).not.toBeNull();
    expect(byId[second]).toMatchObject({ reply_count: 0, last: null });
    expect(await counts(writer.id)).toMatchObject({ thread_count: 2, reply_count: 1 });
  });

  it('leave updated_at alone: it says when the member last edited their profile', async () => {
    const writer = await createMember(stack);
    const before = (await counts(writer.id))!.updated_at;
    await writeThread(writer);
    expect((await counts(writer.id))!.updated_at).toEqual(before);
  });

  it('cannot be set by a client, not even by an admin', async () => {
    const writer = await createMember(stack);
    const admin = await createMember(stack, { role: 'admin' });
    await writeThread(writer);
    for (const [who, column] of [
      [writer, 'thread_count'],
      [writer, 'reply_count'],
      [admin, 'thread_count'],
      [admin, 'reply_count'],
    ] as const) {
      const { error } = await who.client
        .from('profiles')
        .update({ [column]: 500 })
        .eq('id', writer.id);
      expect(error?.code, `${column}`).toBe('42501');
    }
    expect(await counts(writer.id)).toMatchObject({ thread_count: 1, reply_count: 0 });
  });

  it('are public, for the members list and the profile', async () => {
    const writer = await createMember(stack);
    await writeThread(writer);
    const { data, error } = await stack
      .anon()
      .from('profiles')
      .select('id,thread_count,reply_count')
      .eq('id', writer.id);
    expect(error).toBeNull();
    expect(data).toEqual([{ id: writer.id, thread_count: 1, reply_count: 0 }]);
  });
});

describe('the members list', () => {
  it('pages by reputation, highest first, then id, and searches username and display name', async () => {
    const page = await stack
      .anon()
      .from('profiles')
      .select('id,username,reputation,thread_count,reply_count')
      .order('reputation', { ascending: false })
      .order('id')
      .range(0, 1);
    expect(page.error).toBeNull();
    expect(page.data).toHaveLength(2);
    expect(page.data![0]!.reputation).toBeGreaterThanOrEqual(page.data![1]!.reputation);
    const search = await stack
      .anon()
      .from('profiles')
      .select('username')
      .or('username.ilike.*guapmem*,display_name.ilike.*guapmem*');
    expect(search).toMatchObject({ error: null, data: [{ username: 'guapmember' }] });
  });
});
