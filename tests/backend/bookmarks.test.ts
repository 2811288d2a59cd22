// Bookmarks: a member bookmarks a post with an optional note, private to them, synced to their devices
// with private tombstones, through supabase-js as the app's outbox sends them.
import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientAs, createMember, dbRow, makeReply, makeThread, type TestMember } from './members.ts';
import { startTestStack, type TestStack } from './stack.ts';

let stack: TestStack;
let owner: TestMember;
let other: TestMember;
let author: TestMember;
let threadId: string;

beforeAll(async () => {
  stack = await startTestStack({ seed: false });
  await stack.db.query(`insert into public.categories (name, slug, type) values ('General', 'general', 'guapcoin')`);
  owner = await createMember(stack);
  other = await createMember(stack);
  author = await createMember(stack);
  threadId = await makeThread(stack, author.id);
});
afterAll(async () => {
  await stack?.close();
});

const columns = 'id,user_id,post_id,thread_id,note';
/** What the outbox sends for a `bookmark` write. */
const bookmark = (client: SupabaseClient, userId: string, postId: string, note: string | null, id = randomUUID()) =>
  client
    .from('bookmarks')
    .upsert({ id, user_id: userId, post_id: postId, thread_id: threadId, note }, { onConflict: 'user_id,post_id' })
    .select(columns);
const bookmarksOn = async (postId: string) =>
  (
    await stack.db.query<{ id: string; user_id: string; note: string | null }>(
      'select id, user_id, note from public.bookmarks where post_id = $1 order by user_id',
      [postId],
    )
  ).rows;
const tombstone = (client: SupabaseClient, id: string) =>
  client.from('sync_tombstones').select('table_name,row_id').eq('row_id', id);

describe('bookmarking a post', () => {
  it('keeps the bookmark with its note, on the post’s own thread whatever the client sent', async () => {
    const postId = await makeReply(stack, threadId, author.id);
    const elsewhere = await makeThread(stack, author.id);
    const id = randomUUID();
    const { data, error } = await owner.client
      .from('bookmarks')
      .insert({ id, user_id: owner.id, post_id: postId, thread_id: elsewhere, note: 'Read this again' })
      .select(columns);
    expect(error).toBeNull();
    expect(data).toEqual([{ id, user_id: owner.id, post_id: postId, thread_id: threadId, note: 'Read this again' }]);
  });

  it('keeps a bookmark without a note, and a blank note as none', async () => {
    const first = await makeReply(stack, threadId, author.id);
    expect((await bookmark(owner.client, owner.id, first, null)).data).toEqual([
      expect.objectContaining({ note: null }),
    ]);
    const second = await makeReply(stack, threadId, author.id);
    expect((await bookmark(owner.client, owner.id, second, '   ')).data).toEqual([
      expect.objectContaining({ note: null }),
    ]);
  });

  it('takes a second device’s bookmark of the same post as a new note on the row that is there', async () => {
    const postId = await makeReply(stack, threadId, author.id);
    const firstId = randomUUID();
    expect((await bookmark(owner.client, owner.id, postId, 'From the phone', firstId)).error).toBeNull();
    const created = (await dbRow<{ created_at: Date }>(stack, 'select created_at from public.bookmarks where id = $1', [
      firstId,
    ]))!.created_at;
    const laptop = await clientAs(stack, owner.id, owner.email);
    const { data, error } = await bookmark(laptop, owner.id, postId, 'From the laptop');
    expect(error).toBeNull();
    expect(data).toEqual([
      { id: firstId, user_id: owner.id, post_id: postId, thread_id: threadId, note: 'From the laptop' },
    ]);
    expect(await bookmarksOn(postId)).toEqual([{ id: firstId, user_id: owner.id, note: 'From the laptop' }]);
    const row = (await dbRow<{ created_at: Date; updated_at: Date | null }>(
      stack,
      'select created_at, updated_at from public.bookmarks where id = $1',
      [firstId],
    ))!;
    expect(row.created_at).toEqual(created);
    expect(row.updated_at).not.toBeNull();
  });

  it('changes only the note of a bookmark', async () => {
    const postId = await makeReply(stack, threadId, author.id);
    const otherPost = await makeReply(stack, threadId, author.id);
    const id = randomUUID();
    expect((await bookmark(owner.client, owner.id, postId, 'First note', id)).error).toBeNull();
    const { data, error } = await owner.client
      .from('bookmarks')
      .update({ note: 'Second note', post_id: otherPost })
      .eq('id', id)
      .select('post_id,note');
    expect(error).toBeNull();
    expect(data).toEqual([{ post_id: postId, note: 'Second note' }]);
  });

  it('accepts a note of 500 characters and refuses one of 501 (400, in words), changing nothing', async () => {
    const postId = await makeReply(stack, threadId, author.id);
    const id = randomUUID();
    expect((await bookmark(owner.client, owner.id, postId, 'n'.repeat(500), id)).error).toBeNull();
    const longer = await owner.client
      .from('bookmarks')
      .update({ note: 'n'.repeat(501) })
      .eq('id', id);
    expect(longer.status).toBe(400);
    expect(longer.error).toMatchObject({ code: '23514', message: 'A bookmark note can be at most 500 characters' });
    expect(await bookmarksOn(postId)).toEqual([{ id, user_id: owner.id, note: 'n'.repeat(500) }]);
    const fresh = await makeReply(stack, threadId, author.id);
    const refused = await bookmark(owner.client, owner.id, fresh, 'x'.repeat(501));
    expect(refused.status).toBe(400);
    expect(refused.error).toMatchObject({ message: 'A bookmark note can be at most 500 characters' });
    expect(await bookmarksOn(fresh)).toEqual([]);
  });

  it('refuses a bookmark of a post that does not exist (409, in words)', async () => {
    const postId = randomUUID();
    const { error, status } = await bookmark(owner.client, owner.id, postId, 'Gone already');
    expect(status).toBe(409);
    expect(error).toMatchObject({ code: '23503', message: 'This post no longer exists' });
    expect(await bookmarksOn(postId)).toEqual([]);
  });
});

describe('privacy', () => {
  it('shows each member their own bookmarks only, and refuses visitors', async () => {
    const postId = await makeReply(stack, threadId, author.id);
    expect((await bookmark(owner.client, owner.id, postId, 'Mine')).error).toBeNull();
    expect((await bookmark(other.client, other.id, postId, 'Theirs')).error).toBeNull();
    const own = await owner.client.from('bookmarks').select('user_id,note').eq('post_id', postId);
    expect(own.data).toEqual([{ user_id: owner.id, note: 'Mine' }]);
    const byAuthor = await author.client.from('bookmarks').select('id').eq('post_id', postId);
    expect(byAuthor).toMatchObject({ error: null, data: [] });
    const visitor = await stack.anon().from('bookmarks').select('id').eq('post_id', postId);
    expect(visitor.error?.code).toBe('42501');
  });

  it('refuses a bookmark made in another member’s name', async () => {
    const postId = await makeReply(stack, threadId, author.id);
    const { error, status } = await bookmark(other.client, owner.id, postId, 'Not yours');
    expect(status).toBe(403);
    expect(error).toMatchObject({ code: '42501', message: 'You can only bookmark posts as yourself' });
    const visitor = await stack
      .anon()
      .from('bookmarks')
      .insert({ post_id: postId, user_id: owner.id, thread_id: threadId });
    expect(visitor.error?.code).toBe('42501');
    expect(await bookmarksOn(postId)).toEqual([]);
  });

  it('does not let a member change or delete someone else’s bookmark', async () => {
    const postId = await makeReply(stack, threadId, author.id);
    const id = randomUUID();
    expect((await bookmark(owner.client, owner.id, postId, 'Kept as it is', id)).error).toBeNull();
    const update = await other.client.from('bookmarks').update({ note: 'Changed' }).eq('id', id).select('id');
    expect(update).toMatchObject({ error: null, data: [] });
    const remove = await other.client.from('bookmarks').delete().eq('id', id).select('id');
    expect(remove).toMatchObject({ error: null, data: [] });
    expect(await bookmarksOn(postId)).toEqual([{ id, user_id: owner.id, note: 'Kept as it is' }]);
  });
});

describe('removing bookmarks', () => {
  it('leaves a tombstone only the owner reads when they remove a bookmark, whose id is not used again', async () => {
    const postId = await makeReply(stack, threadId, author.id);
    const id = randomUUID();
    expect((await bookmark(owner.client, owner.id, postId, null, id)).error).toBeNull();
    const { data, error } = await owner.client
      .from('bookmarks')
      .delete()
      .eq('user_id', owner.id)
      .eq('post_id', postId)
      .select('id');
    expect(error).toBeNull();
    expect(data).toEqual([{ id }]);
    expect((await tombstone(owner.client, id)).data).toEqual([{ table_name: 'bookmarks', row_id: id }]);
    expect((await tombstone(other.client, id)).data).toEqual([]);
    expect((await tombstone(stack.anon(), id)).data).toEqual([]);
    const again = await bookmark(owner.client, owner.id, postId, null, id);
    expect(again.error?.code).toBe('23505');
    expect(await bookmarksOn(postId)).toEqual([]);
    expect((await bookmark(owner.client, owner.id, postId, null)).error).toBeNull();
  });

  it('takes a deleted post’s bookmarks with it, each owner pulling their own tombstone', async () => {
    const postId = await makeReply(stack, threadId, author.id);
    const [mine, theirs] = [randomUUID(), randomUUID()];
    expect((await bookmark(owner.client, owner.id, postId, 'Soon gone', mine)).error).toBeNull();
    expect((await bookmark(other.client, other.id, postId, null, theirs)).error).toBeNull();
    const watermark = Number((await owner.client.rpc('sync_watermark')).data);
    expect((await author.client.from('posts').delete().eq('id', postId)).error).toBeNull();
    expect(await bookmarksOn(postId)).toEqual([]);
    // Of the two bookmarks, the owner's pull brings their own. The watermark is the oldest transaction running in
    // the whole cluster, so it may be lower than this test's writes and bring earlier tombstones too: that is allowed
    // (a pull may bring a row twice, never skip one), so only these two are looked at.
    const pulled = await owner.client
      .from('sync_tombstones')
      .select('table_name,row_id')
      .eq('table_name', 'bookmarks')
      .in('row_id', [mine, theirs])
      .gte('sync_txid', watermark);
    expect(pulled.data).toEqual([{ table_name: 'bookmarks', row_id: mine }]);
    expect((await tombstone(other.client, theirs)).data).toEqual([{ table_name: 'bookmarks', row_id: theirs }]);
  });

  it('takes a deleted thread’s bookmarks with it', async () => {
    const doomed = await makeThread(stack, author.id);
    const postId = await makeReply(stack, doomed, author.id);
    const id = randomUUID();
    const { error } = await owner.client
      .from('bookmarks')
      .insert({ id, user_id: owner.id, post_id: postId, thread_id: doomed });
    expect(error).toBeNull();
    await stack.db.query('delete from public.threads where id = $1', [doomed]);
    expect(await bookmarksOn(postId)).toEqual([]);
    expect((await tombstone(owner.client, id)).data).toEqual([{ table_name: 'bookmarks', row_id: id }]);
  });
});

describe('the pull', () => {
  it('brings a member the bookmarks written since their cursor, newest first by created_at', async () => {
    const cursor = Number((await owner.client.rpc('sync_watermark')).data);
    const first = await makeReply(stack, threadId, author.id);
    const second = await makeReply(stack, threadId, author.id);
    expect((await bookmark(owner.client, owner.id, first, 'Older')).error).toBeNull();
    expect((await bookmark(owner.client, owner.id, second, 'Newer')).error).toBeNull();
    expect((await bookmark(other.client, other.id, second, 'Not for the owner')).error).toBeNull();
    // The cursor may be lower than these writes (another file's open transaction holds the watermark back), so
    // earlier bookmarks may come too; of these two posts' bookmarks, the owner's come and the other member's not.
    const { data, error } = await owner.client
      .from('bookmarks')
      .select('note')
      .in('post_id', [first, second])
      .gte('sync_txid', cursor)
      .order('created_at', { ascending: false })
      .order('id');
    expect(error).toBeNull();
    expect(data).toEqual([{ note: 'Newer' }, { note: 'Older' }]);
  });
});
