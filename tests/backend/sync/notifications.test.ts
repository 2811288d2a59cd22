// Notifications in the mirror against the real local stack: pulled by their recipient alone, marked read at once
// on the device and then on the server, kept read by a pull while the mark waits, and removed by their tombstone.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { enqueueMarkNotificationsRead } from '../../../src/sync/kinds/markNotificationsRead.ts';
import type { TestStack } from '../stack.ts';
import { catchUp, newDevice, signedInDevice } from './device.ts';
import { setUpSyncStack } from './setUpSyncStack.ts';

const { stack, devices } = setUpSyncStack();

type Member = Awaited<ReturnType<TestStack['newMember']>>;

/** A thread started by `author`; answers its id. */
async function threadBy(author: Member) {
  const { rows } = await stack.db.query<{ id: string }>(
    'select id from public.categories order by order_index limit 1',
  );
  const threadId = randomUUID();
  const thread = await author.client.from('threads').insert({
    id: threadId,
    slug: threadId,
    title: 'Asking for replies',
    category_id: rows[0]!.id,
    author_id: author.id,
  });
  expect(thread.error).toBeNull();
  return threadId;
}

async function replyIn(threadId: string, author: Member) {
  const postId = randomUUID();
  const reply = await author.client
    .from('posts')
    .insert({ id: postId, thread_id: threadId, author_id: author.id, content: 'Here is my answer', type: 'reply' });
  expect(reply.error).toBeNull();
  return postId;
}

async function serverReadAt(postId: string) {
  const { rows } = await stack.db.query<{ read_at: string | null }>(
    'select read_at from public.notifications where post_id = $1',
    [postId],
  );
  return rows.map((r) => r.read_at !== null);
}

describe('notifications in the mirror', () => {
  it("reach the recipient's device only, and a mark made offline reads them at once and on the server later", async () => {
    const { device, member: author } = await signedInDevice(stack, devices);
    const { device: other } = await signedInDevice(stack, devices);
    const replier = await stack.newMember();
    const threadId = await threadBy(author);
    const postId = await replyIn(threadId, replier);

    await catchUp(device, stack.db);
    await catchUp(other, stack.db);
    const [row] = await device.db.notifications.toArray();
    expect(row).toMatchObject({ kind: 'reply', actor_id: replier.id, thread_id: threadId, post_id: postId });
    expect(row?._unread).toBe(1);
    expect(await other.db.notifications.count()).toBe(0);

    device.network.mode = 'down';
    device.env.setOnline(false);
    expect(await enqueueMarkNotificationsRead(device.writer())).toBe(1);
    expect((await device.db.notifications.get(row!.id))?._unread).toBe(0);
    expect(await serverReadAt(postId)).toEqual([false]);
    // Nothing left unread: a second "mark all read" queues nothing.
    expect(await enqueueMarkNotificationsRead(device.writer())).toBe(0);
    expect(await device.db.outbox.count()).toBe(1);

    device.network.mode = 'up';
    device.env.online = true;
    // A pull before the mark is sent brings the row unread from the server; the device keeps it read.
    await catchUp(device, stack.db);
    expect((await device.db.notifications.get(row!.id))?._unread).toBe(0);
    await device.engine.flush();
    expect(await device.db.outbox.count()).toBe(0);
    expect(await serverReadAt(postId)).toEqual([true]);

    const second = await newDevice(stack);
    devices.push(second);
    await second.signIn(author.email, author.password);
    await catchUp(second, stack.db);
    expect((await second.db.notifications.get(row!.id))?._unread).toBe(0);
  });

  it('marks only the ids asked for, and a deleted reply takes its notification off the device', async () => {
    const { device, member: author } = await signedInDevice(stack, devices);
    const threadId = await threadBy(author);
    const replier = await stack.newMember();
    const first = await replyIn(threadId, replier);
    const second = await replyIn(threadId, replier);
    await catchUp(device, stack.db);
    const rows = await device.db.notifications.toArray();
    const firstId = rows.find((n) => n.post_id === first)!.id;

    expect(await enqueueMarkNotificationsRead(device.writer(), [firstId])).toBe(1);
    await device.engine.flush();
    expect(await serverReadAt(first)).toEqual([true]);
    expect(await serverReadAt(second)).toEqual([false]);

    await stack.db.query('delete from public.posts where id = $1', [second]);
    await catchUp(device, stack.db);
    expect((await device.db.notifications.toArray()).map((n) => n.post_id)).toEqual([first]);
  });

  it('are cleared when another member signs in on the device, who pulls their own', async () => {
    const { device, member: author } = await signedInDevice(stack, devices);
    await replyIn(await threadBy(author), await stack.newMember());
    await catchUp(device, stack.db);
    expect(await device.db.notifications.count()).toBe(1);

    const next = await stack.newMember();
    await device.client.auth.signOut();
    await device.signIn(next.email, next.password);
    expect(await device.db.notifications.count()).toBe(0);
    await replyIn(await threadBy(next), author);
    await catchUp(device, stack.db);
    expect((await device.db.notifications.toArray()).map((n) => n.recipient_id)).toEqual([next.id]);
  });
});
