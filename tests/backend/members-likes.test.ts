// Likes: one per member per post and never on one's own, like_count and the author's reputation kept by
// triggers, and the likes' private tombstones, both ways, through supabase-js.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, dbRow, makeReply, makeThread, type TestMember } from './members.ts';
import { startTestStack, type TestStack } from './stack.ts';

let stack: TestStack;
let author: TestMember;
let liker: TestMember;
let other: TestMember;
let admin: TestMember;
let threadId: string;

beforeAll(async () => {
  stack = await startTestStack({ seed: false });
  await stack.db.query(`insert into public.categories (name, slug, type) values ('General', 'general', 'guapcoin')`);
  author = await createMember(stack);
  liker = await createMember(stack);
  other = await createMember(stack);
  admin = await createMember(stack, { role: 'admin' });
  threadId = await makeThread(stack, admin.id);
});
afterAll(async () => {
  await stack?.close();
});

const reputation = async (id: string) =>
  (await dbRow<{ reputation: number }>(stack, 'select reputation from public.profiles where id = $1', [id]))!
    .reputation;
const postOf = (id: string) =>
  dbRow<{ like_count: number; version: number; updated_at: Date; sync_txid: string }>(
    stack,
    'select like_count, version, updated_at, sync_txid from public.posts where id = $1',
    [id],
  );
const likesOn = async (postId: string) =>
  (await stack.db.query('select user_id from public.post_likes where post_id = $1', [postId])).rows.length;
const like = (who: TestMember, postId: string, id: string = randomUUID()) =>
  who.client.from('post_likes').insert({ id, post_id: postId, user_id: who.id }).select('id,post_id,user_id');

describe('liking a post', () => {
  it('adds one to the like count and to the author’s reputation, in the like’s transaction', async () => {
    const postId = await makeReply(stack, threadId, author.id);
    const before = await reputation(author.id);
    const id = randomUUID();
    const { data, error } = await like(liker, postId, id);
    expect(error).toBeNull();
    expect(data).toEqual([{ id, post_id: postId, user_id: liker.id }]);
    expect((await postOf(postId))!.like_count).toBe(1);
    expect(await reputation(author.id)).toBe(before + 1);
    const second = await like(other, postId);
    expect(second.error).toBeNull();
    expect((await postOf(postId))!.like_count).toBe(2);
    expect(await reputation(author.id)).toBe(before + 2);
  });

  it('keeps the post’s version and updated_at, so an edit in flight still applies; its sync_txid moves', async () => {
    const postId = await makeReply(stack, threadId, author.id);
    const before = (await postOf(postId))!;
    expect((await like(liker, postId)).error).toBeNull();
    const after = (await postOf(postId))!;
    expect(after.version).toBe(before.version);
    expect(after.updated_at).toEqual(before.updated_at);
    expect(BigInt(String(after.sync_txid))).toBeGreaterThan(BigInt(String(before.sync_txid)));
    const edit = await author.client
      .from('posts')
      .update({ content: 'Edited after a like' })
      .eq('id', postId)
      .eq('version', before.version)
      .select('like_count,version');
    expect(edit.error).toBeNull();
    expect(edit.data).toEqual([{ like_count: 1, version: before.version + 1 }]);
  });

  it('refuses a second like of the same post by the same member (23505), changing nothing', async () => {
    const postId = await makeReply(stack, threadId, author.id);
    expect((await like(liker, postId)).error).toBeNull();
    const before = await reputation(author.id);
    const { error } = await like(liker, postId);
    expect(error).toMatchObject({ code: '23505', message: 'You already liked this post' });
    expect((await postOf(postId))!.like_count).toBe(1);
    expect(await likesOn(postId)).toBe(1);
    expect(await reputation(author.id)).toBe(before);
  });

  it('answers a retried like with the same id as already done, counting it once', async () => {
    const postId = await makeReply(stack, threadId, author.id);
    const id = randomUUID();
    expect((await like(liker, postId, id)).error).toBeNull();
    const before = await reputation(author.id);
    const retry = await liker.client
      .from('post_likes')
      .upsert({ id, post_id: postId, user_id: liker.id }, { onConflict: 'id', ignoreDuplicates: true });
    expect(retry.error).toBeNull();
    expect((await postOf(postId))!.like_count).toBe(1);
    expect(await reputation(author.id)).toBe(before);
  });

  it('refuses a like of one’s own post', async () => {
    const postId = await makeReply(stack, threadId, author.id);
    const before = await reputation(author.id);
    const { error } = await like(author, postId);
    expect(error).toMatchObject({ code: '42501', message: 'You cannot like your own post' });
    expect(await likesOn(postId)).toBe(0);
    expect((await postOf(postId))!.like_count).toBe(0);
    expect(await reputation(author.id)).toBe(before);
  });

  it('refuses a like made in another member’s name', async () => {
    const postId = await makeReply(stack, threadId, author.id);
    const { error } = await liker.client.from('post_likes').insert({ post_id: postId, user_id: other.id });
    expect(error).toMatchObject({ code: '42501', message: 'You can only like posts as yourself' });
    expect(await likesOn(postId)).toBe(0);
  });

  it('refuses a like from a banned member and from a visitor', async () => {
    const postId = await makeReply(stack, threadId, author.id);
    const banned = await createMember(stack, { banned: true });
    const byBanned = await like(banned, postId);
    expect(byBanned.error).toMatchObject({ code: '42501', message: 'Your account is banned' });
    const byVisitor = await stack.anon().from('post_likes').insert({ post_id: postId, user_id: liker.id });
    expect(byVisitor.error?.code).toBe('42501');
    expect(await likesOn(postId)).toBe(0);
    expect((await postOf(postId))!.like_count).toBe(0);
  });

  it('refuses a like of a post that does not exist', async () => {
    const { error } = await like(liker, randomUUID());
    expect(error).toMatchObject({ code: '23503', message: 'This post no longer exists' });
  });
});

describe('reading and taking back likes', () => {
  it('shows each member their own likes only, and visitors none', async () => {
    const postId = await makeReply(stack, threadId, author.id);
    expect((await like(liker, postId)).error).toBeNull();
    expect((await like(other, postId)).error).toBeNull();
    const own = await liker.client.from('post_likes').select('post_id,user_id').eq('post_id', postId);
    expect(own.data).toEqual([{ post_id: postId, user_id: liker.id }]);
    const byAuthor = await author.client.from('post_likes').select('id').eq('post_id', postId);
    expect(byAuthor.data).toEqual([]);
    const byVisitor = await stack.anon().from('post_likes').select('id').eq('post_id', postId);
    expect(byVisitor).toMatchObject({ error: null, data: [] });
  });

  it('takes back the count and the reputation when the liker deletes their like, leaving them a tombstone', async () => {
    const postId = await makeReply(stack, threadId, author.id);
    const id = randomUUID();
    expect((await like(liker, postId, id)).error).toBeNull();
    const before = await reputation(author.id);
    const { data, error } = await liker.client.from('post_likes').delete().eq('id', id).select('id');
    expect(error).toBeNull();
    expect(data).toEqual([{ id }]);
    expect((await postOf(postId))!.like_count).toBe(0);
    expect(await reputation(author.id)).toBe(before - 1);
    const tombstone = (client: typeof liker.client) =>
      client.from('sync_tombstones').select('table_name,row_id').eq('row_id', id);
    expect((await tombstone(liker.client)).data).toEqual([{ table_name: 'post_likes', row_id: id }]);
    expect((await tombstone(other.client)).data).toEqual([]);
    expect((await tombstone(stack.anon())).data).toEqual([]);
  });

  it('refuses the same like id used again after it was taken back', async () => {
    const postId = await makeReply(stack, threadId, author.id);
    const id = randomUUID();
    expect((await like(liker, postId, id)).error).toBeNull();
    expect((await liker.client.from('post_likes').delete().eq('id', id)).error).toBeNull();
    const again = await like(liker, postId, id);
    expect(again.error?.code).toBe('23505');
    expect((await postOf(postId))!.like_count).toBe(0);
    expect((await like(liker, postId)).error).toBeNull();
    expect((await postOf(postId))!.like_count).toBe(1);
  });

  it('does not let a member delete someone else’s like', async () => {
    const postId = await makeReply(stack, threadId, author.id);
    const id = randomUUID();
    expect((await like(liker, postId, id)).error).toBeNull();
    const { data } = await other.client.from('post_likes').delete().eq('id', id).select('id');
    expect(data).toEqual([]);
    expect(await likesOn(postId)).toBe(1);
    expect((await postOf(postId))!.like_count).toBe(1);
  });

  it('takes the reputation of its likes back when a liked post is deleted, the likers keeping tombstones', async () => {
    const postId = await makeReply(stack, threadId, author.id);
    const [first, second] = [randomUUID(), randomUUID()];
    expect((await like(liker, postId, first)).error).toBeNull();
    expect((await like(other, postId, second)).error).toBeNull();
    const before = await reputation(author.id);
    const { error } = await author.client.from('posts').delete().eq('id', postId);
    expect(error).toBeNull();
    expect(await reputation(author.id)).toBe(before - 2);
    expect(await likesOn(postId)).toBe(0);
    const seen = await liker.client.from('sync_tombstones').select('row_id').in('row_id', [first, second]);
    expect(seen.data).toEqual([{ row_id: first }]);
  });
});

describe('what a client cannot set', () => {
  it('refuses setting a post’s like count, and starts a new post at 0 whatever was sent', async () => {
    const postId = await makeReply(stack, threadId, author.id);
    const { error } = await author.client.from('posts').update({ like_count: 99 }).eq('id', postId);
    expect(error).toMatchObject({
      code: '42501',
      message: "A post's like count is kept by the forum and cannot be set",
    });
    expect((await postOf(postId))!.like_count).toBe(0);
    const id = randomUUID();
    const insert = await author.client
      .from('posts')
      .insert({ id, thread_id: threadId, author_id: author.id, content: 'Counted from zero', like_count: 50 })
      .select('like_count');
    expect(insert.error).toBeNull();
    expect(insert.data).toEqual([{ like_count: 0 }]);
  });

  it('refuses reputation to everyone: the member themself, and an admin', async () => {
    const before = await reputation(author.id);
    const own = await author.client.from('profiles').update({ reputation: 1000 }).eq('id', author.id);
    expect(own.error).toMatchObject({ code: '42501', message: 'You cannot change your own reputation' });
    const byAdmin = await admin.client.from('profiles').update({ reputation: 1000 }).eq('id', author.id);
    expect(byAdmin.error).toMatchObject({
      code: '42501',
      message: 'Reputation is earned from likes and cannot be set',
    });
    expect(await reputation(author.id)).toBe(before);
  });

  it('refuses changing a like: there is nothing to update', async () => {
    const postId = await makeReply(stack, threadId, author.id);
    const id = randomUUID();
    expect((await like(liker, postId, id)).error).toBeNull();
    const otherPost = await makeReply(stack, threadId, author.id);
    const { error } = await liker.client.from('post_likes').update({ post_id: otherPost }).eq('id', id);
    expect(error?.code).toBe('42501');
    expect(await likesOn(postId)).toBe(1);
  });
});
