// Read positions through the outbox against the real local stack: two devices of one member share them, and an
// older device's lower position never rolls a newer one back.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { enqueueMarkAllRead } from '../../../src/sync/kinds/markAllRead.ts';
import { enqueueReadPosition } from '../../../src/sync/kinds/readPosition.ts';
import { catchUp, newDevice, signedInDevice, type Device } from './device.ts';
import { setUpSyncStack } from './setUpSyncStack.ts';

const { stack, devices } = setUpSyncStack();

/** A thread of `count` posts by another member; answers its id. */
async function threadOf(count: number) {
  const author = await stack.newMember();
  const { rows } = await stack.db.query<{ id: string }>(
    'select id from public.categories order by order_index limit 1',
  );
  const threadId = randomUUID();
  const made = await author.client
    .from('threads')
    .insert({ id: threadId, slug: threadId, title: 'A long read', category_id: rows[0]!.id, author_id: author.id });
  expect(made.error).toBeNull();
  // Straight into the database: the member rules would pace this many posts by one author.
  await stack.db.query(
    `insert into public.posts (thread_id, author_id, content, type, is_first_post)
     select $1, $2, 'Post number ' || g || ' of a long read', case when g = 1 then 'thread' else 'reply' end, g = 1
     from generate_series(1, $3::int) g`,
    [threadId, author.id, count],
  );
  return threadId;
}

async function serverPosition(userId: string, threadId: string) {
  const { rows } = await stack.db.query<{ n: number }>(
    'select last_read_post_number as n from public.thread_reads where user_id = $1 and thread_id = $2',
    [userId, threadId],
  );
  return rows[0]?.n;
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
  const device = await newDevice(stack);
  devices.push(device);
  await device.signIn(member.email, member.password);
  await catchUp(device, stack.db);
  return device;
}

describe('read positions on two devices of one member', () => {
  it('marked seen offline on A are sent as one write when A comes back, and B pulls them', async () => {
    const threadId = await threadOf(12);
    const { device: a, member } = await signedInDevice(stack, devices);
    const b = await secondDevice(member);
    await catchUp(a, stack.db);
    expect((await a.db.threads.get(threadId))?.highest_post_number).toBe(12);

    await enqueueReadPosition(a.writer(), threadId, 6);
    await a.engine.flush();
    await offline(a);
    for (const n of [7, 8, 9, 10]) await enqueueReadPosition(a.writer(), threadId, n);
    expect(await a.db.outbox.count()).toBe(1);
    expect(await serverPosition(member.id, threadId)).toBe(6);

    await online(a);
    expect(await serverPosition(member.id, threadId)).toBe(10);
    expect(await a.db.outbox.count()).toBe(0);
    expect((await a.db.threadReads.get(threadId))?._status).toBeUndefined();

    await catchUp(b, stack.db);
    expect((await b.db.threadReads.get(threadId))?.last_read_post_number).toBe(10);
  });

  it('keeps the higher position when an older device sends a lower one', async () => {
    const threadId = await threadOf(9);
    const { device: a, member } = await signedInDevice(stack, devices);
    const b = await secondDevice(member);
    await offline(b);
    await enqueueReadPosition(a.writer(), threadId, 8);
    await a.engine.flush();
    await enqueueReadPosition(b.writer(), threadId, 3);
    await online(b);
    expect(await serverPosition(member.id, threadId)).toBe(8);
    expect((await b.db.threadReads.get(threadId))?.last_read_post_number).toBe(8);
  });

  it('marks every thread read, on the device at once and on the server when sent', async () => {
    const threadId = await threadOf(4);
    const { device, member } = await signedInDevice(stack, devices);
    await catchUp(device, stack.db);
    await offline(device);
    await enqueueMarkAllRead(device.writer(), null);
    expect((await device.db.threadReads.get(threadId))?.last_read_post_number).toBe(4);
    await online(device);
    expect(await serverPosition(member.id, threadId)).toBe(4);
  });
});
