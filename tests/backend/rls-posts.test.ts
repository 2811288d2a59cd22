// Row-level security and guards of public.posts, both ways, through supabase-js.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, dbRow, makeReply, makeThread, type TestMember } from './members.ts';
import { startTestStack, type TestStack } from './stack.ts';

let stack: TestStack;
let author: TestMember;
let other: TestMember;
let moderator: TestMember;
let openThread: string;
let lockedThread: string;

beforeAll(async () => {
  stack = await startTestStack({ seed: false });
  await stack.db.query(
    `insert into public.categories (name, slug, type) values ('GuapCoin General', 'guapcoin-general', 'guapcoin')`,
  );
  author = await createMember(stack);
  other = await createMember(stack);
  moderator = await createMember(stack, { role: 'moderator' });
  openThread = await makeThread(stack, other.id);
  lockedThread = await makeThread(stack, other.id, { locked: true });
});
afterAll(async () => {
  await stack?.close();
});

const reply = (authorId: string, threadId = openThread, content = 'Thanks, this helped me a lot.') => ({
  id: randomUUID(),
  thread_id: threadId,
  author_id: authorId,
  content,
  type: 'reply',
  images: [],
});
const post = (id: string) =>
  dbRow<{ content: string; thread_id: string; is_edited: boolean; version: number }>(
    stack,
    'select content, thread_id, is_edited, version from public.posts where id = $1',
    [id],
  );

describe('writing posts', () => {
  it('lets a visitor read the posts of a thread', async () => {
    const { data, error } = await stack.anon().from('posts').select('id,content').eq('thread_id', openThread);
    expect(error).toBeNull();
    expect(data!.length).toBeGreaterThan(0);
  });

  it('lets a member reply to an unlocked thread, answering the created record', async () => {
    const row = reply(author.id);
    const { data, error } = await author.client.from('posts').insert(row).select().limit(1);
    expect(error).toBeNull();
    expect(data![0]).toMatchObject({ id: row.id, author_id: author.id, type: 'reply' });
  });

  it('refuses a reply in the name of another member', async () => {
    const row = reply(other.id);
    const { error } = await author.client.from('posts').insert(row);
    expect(error?.code).toBe('42501');
    expect(await post(row.id)).toBeUndefined();
  });

  it('refuses a reply from a visitor', async () => {
    const row = reply(author.id);
    const { error } = await stack.anon().from('posts').insert(row);
    expect(error?.code).toBe('42501');
    expect(await post(row.id)).toBeUndefined();
  });

  it('refuses a reply to a locked thread, saying the thread is locked', async () => {
    const row = reply(author.id, lockedThread);
    const { error } = await author.client.from('posts').insert(row);
    expect(error?.code).toBe('42501');
    expect(error?.message).toBe('Thread is locked');
    expect(await post(row.id)).toBeUndefined();
  });

  it('lets a moderator reply to a locked thread', async () => {
    const row = reply(moderator.id, lockedThread, 'Locking this, see the announcement.');
    const { error } = await moderator.client.from('posts').insert(row);
    expect(error).toBeNull();
    expect(await post(row.id)).toBeDefined();
  });

  it('refuses a reply from a banned member', async () => {
    const banned = await createMember(stack, { banned: true });
    const row = reply(banned.id);
    const { error } = await banned.client.from('posts').insert(row);
    expect(error?.code).toBe('42501');
    expect(error?.message).toMatch(/banned/);
    expect(await post(row.id)).toBeUndefined();
  });

  it("refuses an opening post in someone else's thread", async () => {
    const row = { ...reply(author.id), type: 'thread', is_first_post: true, content: 'I take over this thread now' };
    await stack.db.query(`delete from public.posts where thread_id = $1 and type = 'thread'`, [openThread]);
    const { error } = await author.client.from('posts').insert(row);
    expect(error?.code).toBe('42501');
    expect(await post(row.id)).toBeUndefined();
  });
});

describe('editing and deleting posts', () => {
  it('lets the author edit their post by id and author_id', async () => {
    const id = await makeReply(stack, openThread, author.id);
    const { data, error } = await author.client
      .from('posts')
      .update({ content: 'Edited: better words', images: [], is_edited: true, updated_at: new Date().toISOString() })
      .eq('id', id)
      .eq('author_id', author.id)
      .select('content,is_edited,version');
    expect(error).toBeNull();
    expect(data).toEqual([{ content: 'Edited: better words', is_edited: true, version: 2 }]);
  });

  it("does not let a member edit someone else's post", async () => {
    const id = await makeReply(stack, openThread, other.id, 'Original words');
    const { data, error } = await author.client.from('posts').update({ content: 'Defaced' }).eq('id', id).select('id');
    expect(error).toBeNull();
    expect(data).toEqual([]);
    expect(await post(id)).toMatchObject({ content: 'Original words', version: 1, is_edited: false });
  });

  it('does not let a moderator edit the words of a post', async () => {
    const id = await makeReply(stack, openThread, other.id, 'Original words');
    const { data } = await moderator.client.from('posts').update({ content: 'Rewritten' }).eq('id', id).select('id');
    expect(data ?? []).toEqual([]);
    expect((await post(id))!.content).toBe('Original words');
  });

  it('refuses moving a post to another thread', async () => {
    const id = await makeReply(stack, openThread, author.id);
    const { error } = await author.client.from('posts').update({ thread_id: lockedThread }).eq('id', id);
    expect(error?.code).toBe('42501');
    expect((await post(id))!.thread_id).toBe(openThread);
  });

  it('refuses a banned member editing their own post', async () => {
    const banned = await createMember(stack);
    const id = await makeReply(stack, openThread, banned.id, 'Before the ban');
    await stack.db.query('update public.profiles set is_banned = true where id = $1', [banned.id]);
    const { error } = await banned.client.from('posts').update({ content: 'After the ban' }).eq('id', id);
    expect(error?.code).toBe('42501');
    expect((await post(id))!.content).toBe('Before the ban');
  });

  it('lets the author delete their own post', async () => {
    const id = await makeReply(stack, openThread, author.id);
    const { data, error } = await author.client
      .from('posts')
      .delete()
      .eq('id', id)
      .eq('author_id', author.id)
      .select('id');
    expect(error).toBeNull();
    expect(data).toEqual([{ id }]);
    expect(await post(id)).toBeUndefined();
  });

  it("does not let a member delete someone else's post", async () => {
    const id = await makeReply(stack, openThread, other.id);
    const { data, error } = await author.client.from('posts').delete().eq('id', id).select('id');
    expect(error).toBeNull();
    expect(data).toEqual([]);
    expect(await post(id)).toBeDefined();
  });

  it('does not let a visitor delete a post', async () => {
    const id = await makeReply(stack, openThread, other.id);
    const { error } = await stack.anon().from('posts').delete().eq('id', id);
    expect(error?.code).toBe('42501');
    expect(await post(id)).toBeDefined();
  });

  it("lets a moderator delete anyone's post", async () => {
    const id = await makeReply(stack, openThread, other.id);
    const { data, error } = await moderator.client.from('posts').delete().eq('id', id).select('id');
    expect(error).toBeNull();
    expect(data).toEqual([{ id }]);
    expect(await post(id)).toBeUndefined();
  });
});
