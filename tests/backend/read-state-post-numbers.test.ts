// Post numbers: 1 for the opening post, then 2, 3… per thread in insert order, assigned by the database
// whatever a client sends, never reused or changed; threads.highest_post_number follows, and is no edit.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, dbRow, type TestMember } from './members.ts';
import { startTestStack, type TestStack } from './stack.ts';

let stack: TestStack;
let author: TestMember;
let categoryId: string;

beforeAll(async () => {
  stack = await startTestStack({ seed: false });
  categoryId = (
    await stack.db.query<{ id: string }>(
      `insert into public.categories (name, slug, type) values ('General', 'general', 'guapcoin') returning id`,
    )
  ).rows[0]!.id;
  author = await createMember(stack);
});
afterAll(async () => {
  await stack?.close();
});

/** A thread and its opening post, written by `who` through the API as the app does (two requests). */
async function newThread(who: TestMember, extra: Record<string, unknown> = {}): Promise<string> {
  const id = randomUUID();
  const thread = await who.client.from('threads').insert({
    id,
    slug: `numbers-${id}`,
    title: 'Numbered posts in a thread',
    category_id: categoryId,
    author_id: who.id,
    ...extra,
  });
  expect(thread.error).toBeNull();
  const opening = await who.client.from('posts').insert({
    thread_id: id,
    author_id: who.id,
    content: 'The opening post, number one.',
    type: 'thread',
  });
  expect(opening.error).toBeNull();
  return id;
}

async function reply(who: TestMember, threadId: string, extra: Record<string, unknown> = {}) {
  const { data, error } = await who.client
    .from('posts')
    .insert({ thread_id: threadId, author_id: who.id, content: 'A numbered reply', ...extra })
    .select('id,post_number')
    .single();
  expect(error).toBeNull();
  return data as { id: string; post_number: number };
}

const highest = async (threadId: string) =>
  (await dbRow<{ n: number }>(stack, 'select highest_post_number as n from public.threads where id = $1', [threadId]))!
    .n;
const numbers = async (threadId: string) =>
  (
    await stack.db.query<{ post_number: number }>(
      'select post_number from public.posts where thread_id = $1 order by created_at, id',
      [threadId],
    )
  ).rows.map((r) => r.post_number);

describe('numbering', () => {
  it('numbers the opening post 1 and each reply next, per thread, readable by visitors', async () => {
    const first = await newThread(author);
    const second = await newThread(author);
    expect((await reply(author, first)).post_number).toBe(2);
    expect((await reply(author, second)).post_number).toBe(2);
    expect((await reply(author, first)).post_number).toBe(3);
    expect(await numbers(first)).toEqual([1, 2, 3]);
    expect(await highest(first)).toBe(3);
    expect(await highest(second)).toBe(2);
    const visitor = await stack.anon().from('threads').select('highest_post_number').eq('id', first).single();
    expect(visitor.data).toEqual({ highest_post_number: 3 });
    const posts = await stack.anon().from('posts').select('post_number').eq('thread_id', first).order('post_number');
    expect(posts.data).toEqual([{ post_number: 1 }, { post_number: 2 }, { post_number: 3 }]);
  });

  it('ignores the numbers a client sends', async () => {
    const threadId = await newThread(author, { highest_post_number: 50 });
    expect(await highest(threadId)).toBe(1);
    expect((await reply(author, threadId, { post_number: 99 })).post_number).toBe(2);
    expect(await highest(threadId)).toBe(2);
  });

  it('never uses a deleted post’s number again', async () => {
    const threadId = await newThread(author);
    await reply(author, threadId);
    const last = await reply(author, threadId);
    expect(last.post_number).toBe(3);
    expect((await author.client.from('posts').delete().eq('id', last.id)).error).toBeNull();
    expect(await highest(threadId)).toBe(3);
    expect((await reply(author, threadId)).post_number).toBe(4);
    expect(await numbers(threadId)).toEqual([1, 2, 4]);
  });

  it('never changes a number: an edit, the service role and the thread’s author cannot', async () => {
    const threadId = await newThread(author);
    const post = await reply(author, threadId);
    const edit = await author.client
      .from('posts')
      .update({ content: 'Edited, number kept', post_number: 7 })
      .eq('id', post.id)
      .select('post_number,content');
    expect(edit.error).toBeNull();
    expect(edit.data).toEqual([{ post_number: 2, content: 'Edited, number kept' }]);
    const byService = await stack.service().from('posts').update({ post_number: 1 }).eq('id', post.id);
    expect(byService.error).toBeNull();
    expect(await numbers(threadId)).toEqual([1, 2]);
    const title = await author.client
      .from('threads')
      .update({ title: 'A retitled numbered thread', highest_post_number: 0 })
      .eq('id', threadId)
      .select('title,highest_post_number');
    expect(title.data).toEqual([{ title: 'A retitled numbered thread', highest_post_number: 2 }]);
  });

  it('gives a retried insert of a post that landed no new number', async () => {
    const threadId = await newThread(author);
    const id = randomUUID();
    const body = { id, thread_id: threadId, author_id: author.id, content: 'Sent twice by a flaky network' };
    expect((await author.client.from('posts').insert(body)).error).toBeNull();
    const retry = await author.client.from('posts').upsert(body, { onConflict: 'id', ignoreDuplicates: true });
    expect(retry.error).toBeNull();
    expect(await highest(threadId)).toBe(2);
    expect((await reply(author, threadId)).post_number).toBe(3);
  });

  it('gives concurrent replies to one thread distinct, consecutive numbers', async () => {
    const threadId = await newThread(author);
    const repliers = await Promise.all(Array.from({ length: 8 }, () => createMember(stack)));
    const results = await Promise.all(repliers.map((who) => reply(who, threadId)));
    expect(results.map((r) => r.post_number).sort((a, b) => a - b)).toEqual([2, 3, 4, 5, 6, 7, 8, 9]);
    expect(await highest(threadId)).toBe(9);
    const counted = await dbRow<{ reply_count: number }>(
      stack,
      'select reply_count from public.threads where id = $1',
      [threadId],
    );
    expect(counted!.reply_count).toBe(8);
  });
});

describe('numbering is no edit', () => {
  it('keeps the thread’s updated_at when its opening post takes a number; its sync_txid moves', async () => {
    const id = randomUUID();
    const insert = await author.client.from('threads').insert({
      id,
      slug: `numbers-${id}`,
      title: 'A thread whose opening post comes later',
      category_id: categoryId,
      author_id: author.id,
    });
    expect(insert.error).toBeNull();
    const row = () =>
      dbRow<{ updated_at: Date; sync_txid: string }>(
        stack,
        'select updated_at, sync_txid from public.threads where id = $1',
        [id],
      );
    const before = (await row())!;
    const opening = await author.client
      .from('posts')
      .insert({ thread_id: id, author_id: author.id, content: 'The opening post, sent later.', type: 'thread' })
      .select('post_number,version,is_edited')
      .single();
    expect(opening.data).toEqual({ post_number: 1, version: 1, is_edited: false });
    const after = (await row())!;
    expect(after.updated_at).toEqual(before.updated_at);
    expect(BigInt(after.sync_txid)).toBeGreaterThan(BigInt(before.sync_txid));
  });
});
