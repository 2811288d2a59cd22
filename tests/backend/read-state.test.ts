// Read state: each member's highest read post per thread, private to them, kept at its highest by the
// server, through supabase-js as the app calls it (mark_thread_read, mark_all_read, the table for the pull).
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, makeReply, makeThread, type TestMember } from './members.ts';
import { startTestStack, type TestStack } from './stack.ts';

let stack: TestStack;
let reader: TestMember;
let other: TestMember;
let author: TestMember;

beforeAll(async () => {
  stack = await startTestStack({ seed: false });
  await stack.db.query(
    `insert into public.categories (name, slug, type, order_index) values
       ('General', 'general', 'guapcoin', 0), ('Trading', 'trading', 'crypto', 1)`,
  );
  reader = await createMember(stack);
  other = await createMember(stack);
  author = await createMember(stack);
});
afterAll(async () => {
  await stack?.close();
});

/** A thread by `author` with `replies` replies after its opening post: highest_post_number = replies + 1. */
async function threadWith(replies: number): Promise<string> {
  const id = await makeThread(stack, author.id);
  for (let i = 0; i < replies; i += 1) await makeReply(stack, id, author.id, `Reply ${i + 1}`);
  return id;
}

const positionOf = async (userId: string, threadId: string) =>
  (
    await stack.db.query<{ last_read_post_number: number }>(
      'select last_read_post_number from public.thread_reads where user_id = $1 and thread_id = $2',
      [userId, threadId],
    )
  ).rows[0]?.last_read_post_number;
const rowsOf = async (userId: string) =>
  (await stack.db.query('select thread_id from public.thread_reads where user_id = $1', [userId])).rows.length;
const markRead = (who: TestMember, threadId: string, postNumber: number | null) =>
  who.client.rpc('mark_thread_read', { thread_id: threadId, post_number: postNumber as number });

describe('mark_thread_read', () => {
  it('records the position and answers the caller’s row', async () => {
    const threadId = await threadWith(5);
    const { data, error } = await markRead(reader, threadId, 3);
    expect(error).toBeNull();
    expect(data).toEqual([
      expect.objectContaining({ user_id: reader.id, thread_id: threadId, last_read_post_number: 3 }),
    ]);
    expect(await positionOf(reader.id, threadId)).toBe(3);
  });

  it('keeps the highest position: a lower one sent later leaves it, and answers the kept row', async () => {
    const threadId = await threadWith(5);
    expect((await markRead(reader, threadId, 5)).error).toBeNull();
    const older = await markRead(reader, threadId, 2);
    expect(older.error).toBeNull();
    expect(older.data).toEqual([expect.objectContaining({ last_read_post_number: 5 })]);
    expect(await positionOf(reader.id, threadId)).toBe(5);
    const forward = await markRead(reader, threadId, 6);
    expect(forward.data).toEqual([expect.objectContaining({ last_read_post_number: 6 })]);
  });

  it('keeps the highest even when a client writes its row directly', async () => {
    const threadId = await threadWith(4);
    expect((await markRead(reader, threadId, 4)).error).toBeNull();
    const { error } = await reader.client
      .from('thread_reads')
      .update({ last_read_post_number: 1 })
      .eq('thread_id', threadId);
    expect(error).toBeNull();
    expect(await positionOf(reader.id, threadId)).toBe(4);
  });

  it('clamps a position beyond the thread’s last post to that post', async () => {
    const threadId = await threadWith(2);
    const { data, error } = await markRead(reader, threadId, 999);
    expect(error).toBeNull();
    expect(data).toEqual([expect.objectContaining({ last_read_post_number: 3 })]);
    await makeReply(stack, threadId, author.id);
    expect((await markRead(reader, threadId, 999)).data).toEqual([
      expect.objectContaining({ last_read_post_number: 4 }),
    ]);
  });

  it('writes nothing for a call that does not raise the position: its sync_txid stays', async () => {
    const threadId = await threadWith(3);
    expect((await markRead(reader, threadId, 4)).error).toBeNull();
    const txid = async () =>
      (
        await stack.db.query<{ sync_txid: string }>(
          'select sync_txid from public.thread_reads where user_id = $1 and thread_id = $2',
          [reader.id, threadId],
        )
      ).rows[0]!.sync_txid;
    const before = await txid();
    expect((await markRead(reader, threadId, 4)).error).toBeNull();
    expect((await markRead(reader, threadId, 2)).error).toBeNull();
    expect(await txid()).toBe(before);
  });

  it('refuses a negative or missing number with 22023, writing nothing', async () => {
    const threadId = await threadWith(1);
    for (const bad of [-1, null]) {
      const { error, status } = await markRead(reader, threadId, bad);
      expect(status).toBe(400);
      expect(error).toMatchObject({ code: '22023', message: 'post_number must be at least 0' });
    }
    expect(await positionOf(reader.id, threadId)).toBeUndefined();
  });

  it('answers 404 "Thread not found" for a thread that does not exist, writing nothing', async () => {
    const before = await rowsOf(reader.id);
    const { error, status } = await markRead(reader, randomUUID(), 1);
    expect(status).toBe(404);
    expect(error).toMatchObject({ message: 'Thread not found' });
    expect(await rowsOf(reader.id)).toBe(before);
  });

  it('refuses a visitor, writing nothing', async () => {
    const threadId = await threadWith(1);
    const { error, status } = await stack.anon().rpc('mark_thread_read', { thread_id: threadId, post_number: 1 });
    expect(status).toBe(401);
    expect(error?.code).toBe('42501');
    expect(
      (
        await stack.db.query('select 1 from public.thread_reads where thread_id = $1 and user_id <> $2', [
          threadId,
          author.id,
        ])
      ).rows,
    ).toEqual([]);
  });
});

describe('privacy', () => {
  it('shows each member their own rows only, and refuses visitors', async () => {
    const threadId = await threadWith(2);
    expect((await markRead(reader, threadId, 2)).error).toBeNull();
    expect((await markRead(other, threadId, 3)).error).toBeNull();
    const own = await reader.client
      .from('thread_reads')
      .select('user_id,last_read_post_number')
      .eq('thread_id', threadId);
    expect(own.data).toEqual([{ user_id: reader.id, last_read_post_number: 2 }]);
    const theirs = await other.client.from('thread_reads').select('user_id').eq('user_id', reader.id);
    expect(theirs).toMatchObject({ error: null, data: [] });
    const visitor = await stack.anon().from('thread_reads').select('user_id').eq('thread_id', threadId);
    expect(visitor.error?.code).toBe('42501');
    expect(visitor.data).toBeNull();
  });

  it('refuses writing a row for someone else, and leaves their row as it was', async () => {
    const threadId = await threadWith(4);
    expect((await markRead(reader, threadId, 1)).error).toBeNull();
    const insert = await other.client
      .from('thread_reads')
      .insert({ user_id: reader.id, thread_id: threadId, last_read_post_number: 5 });
    expect(insert.error?.code).toBe('42501');
    const update = await other.client
      .from('thread_reads')
      .update({ last_read_post_number: 5 })
      .eq('user_id', reader.id)
      .eq('thread_id', threadId)
      .select('user_id');
    expect(update).toMatchObject({ error: null, data: [] });
    const moved = await reader.client
      .from('thread_reads')
      .update({ user_id: other.id, last_read_post_number: 5 })
      .eq('thread_id', threadId)
      .select('user_id,last_read_post_number');
    expect(moved.data).toEqual([{ user_id: reader.id, last_read_post_number: 5 }]);
    expect(await positionOf(other.id, threadId)).toBeUndefined();
  });

  it('has no delete through the API: a position is never taken back', async () => {
    const threadId = await threadWith(1);
    expect((await markRead(reader, threadId, 2)).error).toBeNull();
    const { error } = await reader.client.from('thread_reads').delete().eq('thread_id', threadId);
    expect(error?.code).toBe('42501');
    expect(await positionOf(reader.id, threadId)).toBe(2);
  });
});

describe('own posts and deletions', () => {
  it('counts a member’s own reply as read: their position rises to it', async () => {
    const threadId = await threadWith(3);
    expect((await markRead(reader, threadId, 2)).error).toBeNull();
    const { data, error } = await reader.client
      .from('posts')
      .insert({ thread_id: threadId, author_id: reader.id, content: 'My own reply' })
      .select('post_number');
    expect(error).toBeNull();
    expect(data).toEqual([{ post_number: 5 }]);
    expect(await positionOf(reader.id, threadId)).toBe(5);
  });

  it('counts a new thread as read by its author up to its opening post', async () => {
    const threadId = await makeThread(stack, reader.id);
    expect(await positionOf(reader.id, threadId)).toBe(1);
  });

  it('drops the rows of a deleted thread', async () => {
    const threadId = await threadWith(1);
    expect((await markRead(reader, threadId, 2)).error).toBeNull();
    await stack.db.query('delete from public.threads where id = $1', [threadId]);
    expect((await stack.db.query('select 1 from public.thread_reads where thread_id = $1', [threadId])).rows).toEqual(
      [],
    );
  });
});

describe('mark_all_read', () => {
  it('marks every thread of one category read, and only those', async () => {
    const member = await createMember(stack);
    const inGeneral = [await threadWith(2), await threadWith(0)];
    const trading = (await stack.db.query<{ id: string }>(`select id from public.categories where slug = 'trading'`))
      .rows[0]!.id;
    const elsewhere = await threadWith(1);
    await stack.db.query('update public.threads set category_id = $1 where id = $2', [trading, elsewhere]);
    expect((await markRead(member, inGeneral[0]!, 1)).error).toBeNull();
    const general = (
      await stack.db.query<{ id: string; n: number }>(
        `select c.id, (select count(*)::int from public.threads t where t.category_id = c.id) as n
         from public.categories c where c.slug = 'general'`,
      )
    ).rows[0]!;
    const { data, error } = await member.client.rpc('mark_all_read', { category_id: general.id });
    expect(error).toBeNull();
    expect(data).toBe(general.n);
    expect(await positionOf(member.id, inGeneral[0]!)).toBe(3);
    expect(await positionOf(member.id, inGeneral[1]!)).toBe(1);
    expect(await positionOf(member.id, elsewhere)).toBeUndefined();
    const again = await member.client.rpc('mark_all_read', { category_id: general.id });
    expect(again).toMatchObject({ error: null, data: 0 });
  });

  it('marks every thread of the forum read when no category is given', async () => {
    const member = await createMember(stack);
    const threadId = await threadWith(3);
    const total = (await stack.db.query<{ n: number }>('select count(*)::int as n from public.threads')).rows[0]!.n;
    const { data, error } = await member.client.rpc('mark_all_read');
    expect(error).toBeNull();
    expect(data).toBe(total);
    expect(await rowsOf(member.id)).toBe(total);
    expect(await positionOf(member.id, threadId)).toBe(4);
    await makeReply(stack, threadId, author.id);
    expect((await member.client.rpc('mark_all_read', { category_id: null })).data).toBe(1);
    expect(await positionOf(member.id, threadId)).toBe(5);
  });

  it('answers 404 "Category not found" for an unknown category, writing nothing', async () => {
    const member = await createMember(stack);
    const { error, status } = await member.client.rpc('mark_all_read', { category_id: randomUUID() });
    expect(status).toBe(404);
    expect(error).toMatchObject({ message: 'Category not found' });
    expect(await rowsOf(member.id)).toBe(0);
  });

  it('refuses a visitor', async () => {
    const before = (await stack.db.query('select 1 from public.thread_reads')).rows.length;
    const { error, status } = await stack.anon().rpc('mark_all_read');
    expect(status).toBe(401);
    expect(error?.code).toBe('42501');
    expect((await stack.db.query('select 1 from public.thread_reads')).rows.length).toBe(before);
  });
});
