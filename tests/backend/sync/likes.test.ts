// Likes through the outbox against the real local stack: sent once, counted by the server, pulled by other devices,
// and last seen stamped by the pulls.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { enqueueLike } from '../../../src/sync/kinds/like.ts';
import { enqueueUnlike } from '../../../src/sync/kinds/unlike.ts';
import { catchUp, newBrowser, newDevice, signedInDevice, waitFor, type Device } from './device.ts';
import { setUpSyncStack } from './setUpSyncStack.ts';

const { stack, devices } = setUpSyncStack();

/** A thread by a new member B, with its opening post; answers B and the post's id. */
async function postByAnotherMember() {
  const author = await stack.newMember();
  const { rows } = await stack.db.query<{ id: string }>(
    'select id from public.categories order by order_index limit 1',
  );
  const threadId = randomUUID();
  const postId = randomUUID();
  const thread = await author.client
    .from('threads')
    .insert({ id: threadId, slug: threadId, title: 'Worth a like', category_id: rows[0]!.id, author_id: author.id });
  expect(thread.error).toBeNull();
  const post = await author.client.from('posts').insert({
    id: postId,
    thread_id: threadId,
    author_id: author.id,
    content: 'A helpful answer',
    type: 'thread',
    is_first_post: true,
  });
  expect(post.error).toBeNull();
  return { author, postId };
}

async function server(postId: string, authorId: string) {
  const { rows } = await stack.db.query<{ likes: number; like_count: number; reputation: number }>(
    `select (select count(*)::int from public.post_likes where post_id = $1) as likes,
            (select like_count from public.posts where id = $1) as like_count,
            (select reputation from public.profiles where id = $2) as reputation`,
    [postId, authorId],
  );
  return rows[0]!;
}

async function goOffline(device: Device) {
  device.network.mode = 'down';
  device.env.setOnline(false);
}

async function goOnline(device: Device) {
  device.network.mode = 'up';
  device.env.setOnline(true);
  await device.engine.flush();
}

describe('likes', () => {
  it('made offline, is sent once, counted by the server, and pulled by the liker and the author elsewhere', async () => {
    const { author, postId } = await postByAnotherMember();
    const before = await server(postId, author.id);
    const { device, member } = await signedInDevice(stack, devices);
    await catchUp(device, stack.db);
    expect((await device.db.posts.get(postId))?.like_count).toBe(0);

    await goOffline(device);
    await enqueueLike(device.writer(), postId);
    expect((await device.db.posts.get(postId))?.like_count).toBe(1);
    expect((await device.db.likes.toArray()).map((l) => [l.post_id, l._status])).toEqual([[postId, 'sending']]);

    // Back online, the first answer is lost after the server committed the like; the retry must not like twice.
    device.network.mode = 'drop-answers';
    device.env.online = true;
    await device.engine.flush();
    expect(await server(postId, author.id)).toEqual({ likes: 1, like_count: 1, reputation: before.reputation + 1 });
    device.clock.advance(60_000);
    await goOnline(device);
    expect(await server(postId, author.id)).toEqual({ likes: 1, like_count: 1, reputation: before.reputation + 1 });
    expect(await device.db.outbox.count()).toBe(0);
    const [settled] = await device.db.likes.toArray();
    expect(settled?._status).toBeUndefined();
    expect(settled?.sync_txid).toBeGreaterThan(0);
    expect((await device.db.posts.get(postId))?.like_count).toBe(1);

    const second = await newDevice(stack);
    devices.push(second);
    await second.signIn(member.email, member.password);
    await catchUp(second, stack.db);
    expect((await second.db.likes.toArray()).map((l) => [l.id, l.post_id])).toEqual([[settled!.id, postId]]);
    expect((await second.db.posts.get(postId))?.like_count).toBe(1);

    const authorDevice = await newDevice(stack);
    devices.push(authorDevice);
    await authorDevice.signIn(author.email, author.password);
    await catchUp(authorDevice, stack.db);
    expect((await authorDevice.db.profiles.get(author.id))?.reputation).toBe(before.reputation + 1);
    expect(await authorDevice.db.likes.count()).toBe(0);
  });

  it('taken back on one device is removed from the other by its tombstone, with the reputation', async () => {
    const { author, postId } = await postByAnotherMember();
    const before = await server(postId, author.id);
    const browser = newBrowser();
    const { device, member } = await signedInDevice(stack, devices, browser);
    await catchUp(device, stack.db);
    await enqueueLike(device.writer(), postId);
    await device.engine.flush();
    const second = await newDevice(stack);
    devices.push(second);
    await second.signIn(member.email, member.password);
    await catchUp(second, stack.db);
    expect(await second.db.likes.count()).toBe(1);

    await enqueueUnlike(second.writer(), postId);
    expect((await second.db.posts.get(postId))?.like_count).toBe(0);
    await second.engine.flush();
    expect(await server(postId, author.id)).toEqual({ likes: 0, like_count: 0, reputation: before.reputation });

    await catchUp(device, stack.db);
    expect(await device.db.likes.count()).toBe(0);
    expect((await device.db.posts.get(postId))?.like_count).toBe(0);
  });

  it('liked offline on two devices of one member counts once, and both settle as liked', async () => {
    const { author, postId } = await postByAnotherMember();
    const before = await server(postId, author.id);
    const { device, member } = await signedInDevice(stack, devices);
    const second = await newDevice(stack);
    devices.push(second);
    await second.signIn(member.email, member.password);
    for (const d of [device, second]) {
      await catchUp(d, stack.db);
      await goOffline(d);
      await enqueueLike(d.writer(), postId);
    }
    await goOnline(device);
    await goOnline(second);
    expect(await server(postId, author.id)).toEqual({ likes: 1, like_count: 1, reputation: before.reputation + 1 });
    expect(await second.db.failed.count()).toBe(0);
    const [mine, theirs] = await Promise.all([device.db.likes.toArray(), second.db.likes.toArray()]);
    expect(theirs.map((l) => [l.id, l._status])).toEqual([[mine[0]!.id, undefined]]);
    expect((await second.db.posts.get(postId))?.like_count).toBe(1);
  });

  it('liked offline and not sent at all when taken back before reconnecting', async () => {
    const { author, postId } = await postByAnotherMember();
    const { device } = await signedInDevice(stack, devices);
    await catchUp(device, stack.db);
    await goOffline(device);
    await enqueueLike(device.writer(), postId);
    await enqueueUnlike(device.writer(), postId);
    const delivered = device.network.delivered;
    device.network.mode = 'up';
    device.env.online = true;
    await device.engine.flush();
    expect(device.network.delivered).toBe(delivered);
    expect((await server(postId, author.id)).likes).toBe(0);
  });

  it('of a post deleted meanwhile goes to the failed list with a clear reason, and leaves the count alone', async () => {
    const { author, postId } = await postByAnotherMember();
    const { device } = await signedInDevice(stack, devices);
    await catchUp(device, stack.db);
    await goOffline(device);
    await enqueueLike(device.writer(), postId);
    const removed = await author.client.from('posts').delete().eq('id', postId).select('id');
    expect(removed.data).toHaveLength(1);
    await goOnline(device);
    const [failed] = await device.db.failed.toArray();
    expect(failed?.reason).toBe('This post was deleted, so your like could not be saved.');
    expect(await device.db.posts.get(postId)).toBeUndefined();
    expect((await server(postId, author.id)).likes).toBe(0);
  });
});

describe('last seen', () => {
  const touches = (device: Device) => device.network.urls.filter((u) => u.includes('/rpc/touch_last_seen')).length;

  it('is stamped by the pulls of a signed-in member, at most once a minute, and not at all offline', async () => {
    const { device, member } = await signedInDevice(stack, devices);
    await waitFor(async () => {
      const { rows } = await stack.db.query(
        'select 1 from public.profiles where id = $1 and last_seen_at is not null',
        [member.id],
      );
      return rows.length === 1;
    });
    expect(touches(device)).toBe(1);
    // Within the minute, and then offline: no stamp. The stamp does not hold up the pull, so the only proof is
    // the next one: had either of these asked, the stamp after the minute would be the third request, not the second.
    await device.engine.pull();
    device.clock.advance(60_000);
    device.env.setOnline(false);
    await device.engine.pull();
    device.env.setOnline(true);
    await device.engine.pull();
    await waitFor(() => touches(device) >= 2);
    expect(touches(device)).toBe(2);
  });

  it('is not asked for by a visitor', async () => {
    const device = await newDevice(stack);
    devices.push(device);
    await device.engine.pull();
    expect(touches(device)).toBe(0);
  });
});
