// The outbox against the real local stack: offline queues, lost answers, refused writes and two tabs.
import { describe, expect, it } from 'vitest';
import { threadPosts } from '../../../src/data/queries/posts.ts';
import { latestThreads } from '../../../src/data/queries/threads.ts';
import { enqueueReply } from '../../../src/sync/outbox.ts';
import { newBrowser, newDevice, signedInDevice, waitFor, type Device } from './device.ts';
import { setUpSyncStack } from './setUpSyncStack.ts';

const { stack, devices } = setUpSyncStack();

async function serverReplies(threadId: string, authorId: string) {
  const { rows } = await stack.db.query<{ content: string }>(
    `select content from public.posts where thread_id = $1 and author_id = $2 and type = 'reply' order by created_at, id`,
    [threadId, authorId],
  );
  return rows.map((r) => r.content);
}

async function openThreadIds(device: Device, count: number) {
  const threads = (await latestThreads(device.db, 50)).filter((t) => !t.is_locked).slice(0, count);
  if (threads.length < count) throw new Error('the mirror has too few open threads');
  return threads.map((t) => t.id);
}

async function firstThreadId(device: Device) {
  return (await openThreadIds(device, 1))[0]!;
}

describe('outbox', () => {
  it('sends 100 replies written offline exactly once each, in the order they were written', async () => {
    const { device, member } = await signedInDevice(stack, devices);
    const threadId = await firstThreadId(device);
    device.network.mode = 'down';
    device.env.setOnline(false);
    const texts = Array.from({ length: 100 }, (_, i) => `Offline reply number ${i + 1}`);
    for (const content of texts) await enqueueReply(device.writer(), { threadId, content, images: [] });
    await device.engine.refreshCounts();
    expect(device.engine.status.get().pending).toBe(100);
    const shown = await threadPosts(device.db, threadId);
    expect(shown.filter((p) => p._status === 'sending').map((p) => p.content)).toEqual(texts);

    device.network.mode = 'up';
    device.env.setOnline(true);
    await device.engine.flush();

    expect(await serverReplies(threadId, member.id)).toEqual(texts);
    expect(device.engine.status.get().pending).toBe(0);
    const local = await device.db.posts.bulkGet(await device.db.posts.toCollection().primaryKeys());
    expect(local.filter((p) => p?._status !== undefined)).toEqual([]);
  });

  it('does not duplicate a reply whose answer was lost after the server committed it', async () => {
    const { device, member } = await signedInDevice(stack, devices);
    const threadId = await firstThreadId(device);
    await enqueueReply(device.writer(), { threadId, content: 'Sent once, answered never', images: [] });
    device.network.mode = 'drop-answers';
    await device.engine.flush();
    expect(await serverReplies(threadId, member.id)).toEqual(['Sent once, answered never']);
    expect((await device.db.outbox.toArray()).map((e) => e.attempts)).toEqual([1]);

    device.network.mode = 'up';
    device.clock.advance(60_000);
    await device.engine.flush();
    expect(await serverReplies(threadId, member.id)).toEqual(['Sent once, answered never']);
    expect(await device.db.outbox.count()).toBe(0);
  });

  it('moves a reply to a thread locked meanwhile to the failed list, and still sends the writes behind it', async () => {
    const { device, member } = await signedInDevice(stack, devices);
    const [locked, open] = await openThreadIds(device, 2);
    device.env.setOnline(false);
    await enqueueReply(device.writer(), { threadId: locked!, content: 'Too late for this one', images: [] });
    await enqueueReply(device.writer(), { threadId: open!, content: 'This one still goes', images: [] });
    await stack.db.query('update public.threads set is_locked = true where id = $1', [locked]);

    device.env.setOnline(true);
    await device.engine.flush();

    expect(await serverReplies(locked!, member.id)).toEqual([]);
    expect(await serverReplies(open!, member.id)).toEqual(['This one still goes']);
    const failed = await device.db.failed.toArray();
    expect(failed).toHaveLength(1);
    expect(failed[0]!.reason).toMatch(/locked/i);
    expect(device.engine.status.get().failed).toBe(1);
  });

  it('moves a reply past the content cap to the failed list with its reason and its words, and sends the rest', async () => {
    const { device, member } = await signedInDevice(stack, devices);
    const threadId = await firstThreadId(device);
    const tooLong = 'word '.repeat(20_001);
    await enqueueReply(device.writer(), { threadId, content: tooLong, images: [] });
    await enqueueReply(device.writer(), { threadId, content: 'A reply of a normal length', images: [] });
    await device.engine.flush();

    expect(await serverReplies(threadId, member.id)).toEqual(['A reply of a normal length']);
    const failed = await device.db.failed.toArray();
    expect(failed).toHaveLength(1);
    expect(failed[0]!.reason).toMatch(/^Content is too long \(max 100,000 characters\)\. \(.*posts_content_max_length/);
    expect(failed[0]!.write).toMatchObject({ post: { content: tooLong } });
  });

  it('sends a reply whose sends got no answer once the connection is back, not after its backoff', async () => {
    const { device, member } = await signedInDevice(stack, devices);
    const threadId = await firstThreadId(device);
    device.network.mode = 'down';
    await enqueueReply(device.writer(), { threadId, content: 'Written on a dead connection', images: [] });
    for (let i = 0; i < 5; i++) await device.engine.flush();
    const [waiting] = await device.db.outbox.toArray();
    expect(waiting!.attempts).toBeGreaterThanOrEqual(5);
    // Its backoff (these devices' is 25-50 ms by now) is not over: the device's clock does not move here.
    expect(waiting!.notBefore).toBeGreaterThanOrEqual(device.clock.now() + 25);

    device.network.mode = 'up';
    device.env.setOnline(false);
    device.env.setOnline(true);
    await waitFor(async () => (await device.db.outbox.count()) === 0, 30_000);
    expect(await serverReplies(threadId, member.id)).toEqual(['Written on a dead connection']);
  });

  it('never sends an entry twice when two tabs flush the same outbox at once', async () => {
    const browser = newBrowser();
    const { device: tabA, member } = await signedInDevice(stack, devices, browser);
    const tabB = await newDevice(stack, { browser });
    devices.push(tabB);
    await tabB.signIn(member.email, member.password);
    const threadId = await firstThreadId(tabA);
    tabA.env.setOnline(false);
    tabB.env.setOnline(false);
    const texts = Array.from({ length: 20 }, (_, i) => `From two tabs ${i + 1}`);
    for (const content of texts) await enqueueReply(tabA.writer(), { threadId, content, images: [] });
    tabA.env.online = true;
    tabB.env.online = true;
    await Promise.all([tabA.engine.flush(), tabB.engine.flush(), tabA.engine.flush()]);
    expect(await serverReplies(threadId, member.id)).toEqual(texts);
    expect(tabA.network.delivered + tabB.network.delivered).toBeGreaterThanOrEqual(20);
  });
});
