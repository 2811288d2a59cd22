// Bookmarks through the outbox against the real local stack, on two devices of one member: made offline on one and
// pulled by the other with its thread's posts, removed on one and gone from the other, gone with a deleted post.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { enqueueBookmark } from '../../../src/sync/kinds/bookmark.ts';
import { enqueueUnbookmark } from '../../../src/sync/kinds/unbookmark.ts';
import { catchUp, newDevice, signedInDevice, type Device } from './device.ts';
import { setUpSyncStack } from './setUpSyncStack.ts';

const { stack, devices } = setUpSyncStack();

/** A thread of three posts by another member; answers its id and its posts' ids in order. */
async function threadWithPosts() {
  const author = await stack.newMember();
  const { rows } = await stack.db.query<{ id: string }>(
    'select id from public.categories order by order_index limit 1',
  );
  const threadId = randomUUID();
  const made = await author.client
    .from('threads')
    .insert({ id: threadId, slug: threadId, title: 'Worth keeping', category_id: rows[0]!.id, author_id: author.id });
  expect(made.error).toBeNull();
  const posts = await stack.db.query<{ id: string }>(
    `insert into public.posts (thread_id, author_id, content, type, is_first_post)
     select $1, $2, 'Post number ' || g || ' worth keeping', case when g = 1 then 'thread' else 'reply' end, g = 1
     from generate_series(1, 3) g
     returning id`,
    [threadId, author.id],
  );
  return { threadId, postIds: posts.rows.map((r) => r.id) };
}

async function offline(device: Device) {
  device.network.mode = 'down';
  device.env.setOnline(false);
}

async function online(device: Device) {
  device.network.mode = 'up';
  device.env.setOnline(true);
  await device.engine.flush();
}

async function secondDevice(member: { email: string; password: string }) {
  const device = await newDevice(stack, { options: { keepRecentThreads: 0 } });
  devices.push(device);
  await device.signIn(member.email, member.password);
  await catchUp(device, stack.db);
  return device;
}

const shown = async (device: Device) =>
  (await device.db.bookmarks.toArray()).map((b) => [b.post_id, b.note, b._status ?? 'sent']);

describe('bookmarks on two devices of one member', () => {
  it('made offline on A arrives on B with its thread’s posts; removed on B, it goes from A', async () => {
    const { threadId, postIds } = await threadWithPosts();
    const { device: a, member } = await signedInDevice(stack, devices);
    await a.engine.openThread(threadId);
    // B keeps no recent threads: only the bookmark brings this thread's posts to it.
    const b = await secondDevice(member);
    expect(await b.db.posts.where('thread_id').equals(threadId).count()).toBe(0);

    await offline(a);
    await enqueueBookmark(a.writer(), postIds[1]!, 'Read again');
    expect(await shown(a)).toEqual([[postIds[1], 'Read again', 'sending']]);
    await online(a);
    expect(await shown(a)).toEqual([[postIds[1], 'Read again', 'sent']]);

    await catchUp(b, stack.db);
    expect(await shown(b)).toEqual([[postIds[1], 'Read again', 'sent']]);
    expect(await b.db.posts.where('thread_id').equals(threadId).count()).toBe(3);

    const [onB] = await b.db.bookmarks.toArray();
    await enqueueUnbookmark(b.writer(), onB!.id);
    await b.engine.flush();
    await catchUp(a, stack.db);
    expect(await shown(a)).toEqual([]);
  });

  it('goes from both mirrors with a deleted post', async () => {
    const { threadId, postIds } = await threadWithPosts();
    const { device: a, member } = await signedInDevice(stack, devices);
    await a.engine.openThread(threadId);
    await enqueueBookmark(a.writer(), postIds[2]!, null);
    await a.engine.flush();
    const b = await secondDevice(member);
    expect(await shown(b)).toEqual([[postIds[2], null, 'sent']]);

    await stack.db.query('delete from public.posts where id = $1', [postIds[2]]);
    for (const d of [a, b]) await catchUp(d, stack.db);
    expect(await shown(a)).toEqual([]);
    expect(await shown(b)).toEqual([]);
  });
});
