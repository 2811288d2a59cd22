// Account deletion: delete_user() removes the account, profile, messages, likes and push subscriptions,
// leaves the member's threads and posts by "Deleted member" (author null), and leaves tombstones for other devices.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, dbRow, makeReply, makeThread, type TestMember } from './members.ts';
import { startTestStack, type TestStack } from './stack.ts';

let stack: TestStack;

beforeAll(async () => {
  stack = await startTestStack({ seed: false });
  await stack.db.query(`insert into public.categories (name, slug, type) values ('General', 'general', 'guapcoin')`);
});
afterAll(async () => {
  await stack?.close();
});

const one = <T>(sql: string, params: unknown[] = []) => dbRow<T>(stack, sql, params);
const like = async (who: TestMember, postId: string) => {
  const id = randomUUID();
  const { error } = await who.client.from('post_likes').insert({ id, post_id: postId, user_id: who.id });
  expect(error).toBeNull();
  return id;
};
const message = async (from: TestMember, to: TestMember) => {
  const id = randomUUID();
  const { error } = await from.client
    .from('messages')
    .insert({ id, sender_id: from.id, recipient_id: to.id, subject: 'Hello', content: 'Before I go' });
  expect(error).toBeNull();
  return id;
};

describe('delete_user()', () => {
  let leaver: TestMember;
  let friend: TestMember;
  let stranger: TestMember;
  let threadId: string;
  let openingPostId: string;
  let leaverReply: string;
  let friendPost: string;
  let likeByLeaver: string;
  let likeOfLeaver: string;
  let messageIds: string[];
  let before: { thread: { sync_txid: string; updated_at: Date }; reply: { sync_txid: string; version: number } };
  let friendReputation: number;

  beforeAll(async () => {
    leaver = await createMember(stack);
    friend = await createMember(stack);
    stranger = await createMember(stack);
    threadId = await makeThread(stack, leaver.id);
    openingPostId = (await one<{ id: string }>('select id from public.posts where thread_id = $1', [threadId]))!.id;
    leaverReply = await makeReply(stack, threadId, leaver.id, 'A reply that outlives its author');
    friendPost = await makeReply(stack, threadId, friend.id, 'A reply the leaver liked');
    likeByLeaver = await like(leaver, friendPost);
    likeOfLeaver = await like(friend, leaverReply);
    messageIds = [await message(leaver, friend), await message(friend, leaver)];
    const push = await leaver.client.from('push_subscriptions').insert({
      user_id: leaver.id,
      endpoint: `https://push.example.test/${randomUUID()}`,
      p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
      auth: 'tBHItJI5svbpez7KI4CCXg',
    });
    expect(push.error).toBeNull();
    before = {
      thread: (await one('select sync_txid, updated_at from public.threads where id = $1', [threadId]))!,
      reply: (await one('select sync_txid, version from public.posts where id = $1', [leaverReply]))!,
    };
    friendReputation = (await one<{ reputation: number }>('select reputation from public.profiles where id = $1', [
      friend.id,
    ]))!.reputation;

    const { error } = await leaver.client.rpc('delete_user');
    expect(error).toBeNull();
  });

  it('removes the account and the profile, leaving a tombstone of the profile for everyone', async () => {
    expect(await one('select id from auth.users where id = $1', [leaver.id])).toBeUndefined();
    expect(await one('select id from public.profiles where id = $1', [leaver.id])).toBeUndefined();
    const { data } = await stack.anon().from('sync_tombstones').select('table_name').eq('row_id', leaver.id);
    expect(data).toEqual([{ table_name: 'profiles' }]);
  });

  it('keeps the thread and posts with a null author, the "Deleted member", moving their sync_txid only', async () => {
    const { data, error } = await stack
      .anon()
      .from('posts')
      .select('id,author_id,content,version,author:profiles!author_id(username)')
      .in('id', [openingPostId, leaverReply]);
    expect(error).toBeNull();
    expect(data).toHaveLength(2);
    for (const post of data!) expect(post).toMatchObject({ author_id: null, author: null });
    const thread = (await one<{ author_id: string | null; sync_txid: string; updated_at: Date }>(
      'select author_id, sync_txid, updated_at from public.threads where id = $1',
      [threadId],
    ))!;
    expect(thread.author_id).toBeNull();
    expect(thread.updated_at).toEqual(before.thread.updated_at);
    expect(BigInt(String(thread.sync_txid))).toBeGreaterThan(BigInt(String(before.thread.sync_txid)));
    const reply = (await one<{ sync_txid: string; version: number }>(
      'select sync_txid, version from public.posts where id = $1',
      [leaverReply],
    ))!;
    expect(reply.version).toBe(before.reply.version);
    expect(BigInt(String(reply.sync_txid))).toBeGreaterThan(BigInt(String(before.reply.sync_txid)));
  });

  it('removes the messages sent and received, leaving tombstones for the other party only', async () => {
    const left = await one<{ n: number }>('select count(*)::int as n from public.messages where id = any($1)', [
      messageIds,
    ]);
    expect(left!.n).toBe(0);
    const seen = await friend.client.from('sync_tombstones').select('row_id').in('row_id', messageIds);
    expect(seen.data?.map((t) => t.row_id).sort()).toEqual([...messageIds].sort());
    const notSeen = await stranger.client.from('sync_tombstones').select('row_id').in('row_id', messageIds);
    expect(notSeen.data).toEqual([]);
  });

  it('removes the member’s likes, taking back the like and the reputation they gave', async () => {
    expect(await one('select id from public.post_likes where id = $1', [likeByLeaver])).toBeUndefined();
    expect(await one('select like_count from public.posts where id = $1', [friendPost])).toEqual({ like_count: 0 });
    expect(await one('select reputation from public.profiles where id = $1', [friend.id])).toEqual({
      reputation: friendReputation - 1,
    });
    expect(await one('select visible_to from public.sync_tombstones where row_id = $1', [likeByLeaver])).toEqual({
      visible_to: [leaver.id],
    });
  });

  it('keeps other members’ likes of the member’s posts', async () => {
    expect(await one('select id from public.post_likes where id = $1', [likeOfLeaver])).toEqual({ id: likeOfLeaver });
    expect(await one('select like_count from public.posts where id = $1', [leaverReply])).toEqual({ like_count: 1 });
    const unlike = await friend.client.from('post_likes').delete().eq('id', likeOfLeaver).select('id');
    expect(unlike.data).toEqual([{ id: likeOfLeaver }]);
    expect(await one('select like_count from public.posts where id = $1', [leaverReply])).toEqual({ like_count: 0 });
  });

  it('removes the push subscriptions', async () => {
    expect(
      await one<{ n: number }>('select count(*)::int as n from public.push_subscriptions where user_id = $1', [
        leaver.id,
      ]),
    ).toEqual({ n: 0 });
  });

  it('leaves other members’ counters alone', async () => {
    expect(await one('select thread_count, reply_count from public.profiles where id = $1', [friend.id])).toEqual({
      thread_count: 0,
      reply_count: 1,
    });
  });
});

describe('delete_user() refusals', () => {
  it('refuses a visitor, deleting nothing', async () => {
    const profiles = await one<{ n: number }>('select count(*)::int as n from public.profiles');
    const { error } = await stack.anon().rpc('delete_user');
    expect(error?.code).toBe('42501');
    expect(await one<{ n: number }>('select count(*)::int as n from public.profiles')).toEqual(profiles);
  });
});
