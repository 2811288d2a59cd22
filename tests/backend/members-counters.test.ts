// A member's thread_count and reply_count, kept by triggers as posts come and go; no client sets them.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, dbRow, type TestMember } from './members.ts';
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
