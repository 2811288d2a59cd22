// Pulls against the real local stack: late commits, deletions, private messages and first-load progress.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { latestThreads } from '../../../src/data/queries/threads.ts';
import { enqueueMessage, enqueueReply } from '../../../src/sync/outbox.ts';
import { catchUp, newDevice, signedInDevice, waitFor } from './device.ts';
import { setUpSyncStack } from './setUpSyncStack.ts';

const { stack, devices } = setUpSyncStack();

// Two authors: a thread adds to its author's thread_count, so two open inserts by one author would wait on each other.
async function anyCategoryAndAuthors() {
  const { rows } = await stack.db.query<{ category_id: string; first: string; second: string }>(
    `select (select id from public.categories order by order_index limit 1) as category_id,
            (select id from public.profiles order by created_at, id limit 1) as first,
            (select id from public.profiles order by created_at, id limit 1 offset 1) as second`,
  );
  return rows[0]!;
}

describe('pull', () => {
  it('shows progress on the first load and fills the mirror with categories, threads and recent posts', async () => {
    const device = await newDevice(stack);
    devices.push(device);
    const seen: boolean[] = [];
    device.engine.status.subscribe(() => {
      const pulling = device.engine.status.get().pulling;
      if (pulling) seen.push(pulling.firstLoad);
    });
    await device.engine.pull();
    expect(seen).toContain(true);
    const { rows } = await stack.db.query<{ n: number }>('select count(*)::int as n from public.threads');
    expect(await device.db.threads.count()).toBe(rows[0]!.n);
    expect(await device.db.categories.count()).toBeGreaterThan(0);
    expect(await device.db.posts.count()).toBeGreaterThan(0);
    expect(device.engine.status.get().lastSyncAt).not.toBeNull();
  });

  it.skipIf(!process.env.DATABASE_URL)(
    'picks up a row whose transaction started before another and committed after it',
    async () => {
      const { device } = await signedInDevice(stack, devices);
      const { category_id, first, second } = await anyCategoryAndAuthors();
      const early = randomUUID();
      const late = randomUUID();
      const insert = (id: string, title: string, author_id: string) =>
        `insert into public.threads (id, slug, title, category_id, author_id)
         values ('${id}', '${id}', '${title}', '${category_id}', '${author_id}')`;
      let release = () => undefined as void;
      const held = new Promise<void>((resolve) => (release = resolve));
      let started = () => undefined as void;
      const isStarted = new Promise<void>((resolve) => (started = resolve));
      const slow = stack.db.transaction(async (tx) => {
        await tx.query(insert(early, 'Started first, committed last', first));
        started();
        await held;
      });
      await isStarted;
      await stack.db.exec(insert(late, 'Started second, committed first', second));
      await device.engine.pull();
      release();
      await slow;
      await catchUp(device, stack.db);
      expect((await device.db.threads.bulkGet([early, late])).map((t) => t?.title)).toEqual([
        'Started first, committed last',
        'Started second, committed first',
      ]);
    },
  );

  it("removes a thread a moderator deleted, with its posts, from another member's mirror", async () => {
    const { device } = await signedInDevice(stack, devices);
    const withPosts = new Set((await device.db.posts.toArray()).map((p) => p.thread_id));
    const thread = (await latestThreads(device.db, 50)).find((t) => withPosts.has(t.id));
    const moderator = await stack.newMember();
    await stack.db.query(`update public.profiles set role = 'moderator' where id = $1`, [moderator.id]);
    const { error: postsError } = await moderator.client.from('posts').delete().eq('thread_id', thread!.id);
    const { error } = await moderator.client.from('threads').delete().eq('id', thread!.id);
    expect(postsError).toBeNull();
    expect(error).toBeNull();

    await catchUp(device, stack.db);
    expect(await device.db.threads.get(thread!.id)).toBeUndefined();
    expect(await device.db.posts.filter((p) => p.thread_id === thread!.id).count()).toBe(0);
  });

  it("never brings member B's messages into member A's mirror, even after B messages C", async () => {
    const { device: deviceA, member: a } = await signedInDevice(stack, devices);
    const { device: deviceB, member: b } = await signedInDevice(stack, devices);
    const c = await stack.newMember();
    await enqueueMessage(deviceB.writer(), { recipientId: c.id, subject: 'Private', content: 'For C only' });
    await enqueueMessage(deviceB.writer(), { recipientId: a.id, subject: 'Hello A', content: 'This one is yours' });
    await deviceB.engine.flush();
    await catchUp(deviceB, stack.db);
    await catchUp(deviceA, stack.db);

    const aMessages = await deviceA.db.messages.toArray();
    expect(aMessages.map((m) => m.subject)).toEqual(['Hello A']);
    expect(aMessages.every((m) => m.sender_id === a.id || m.recipient_id === a.id)).toBe(true);
    expect((await deviceB.db.messages.toArray()).map((m) => m.recipient_id).sort()).toEqual([a.id, c.id].sort());
    expect(b.id).not.toBe(a.id);
  });

  it('removes a message deleted by its other party from both mirrors', async () => {
    const { device: deviceA, member: a } = await signedInDevice(stack, devices);
    const { device: deviceB } = await signedInDevice(stack, devices);
    const id = await enqueueMessage(deviceB.writer(), { recipientId: a.id, subject: 'Soon gone', content: 'Bye' });
    await deviceB.engine.flush();
    await catchUp(deviceA, stack.db);
    expect(await deviceA.db.messages.get(id)).toBeDefined();
    const { error } = await deviceA.client.from('messages').delete().eq('id', id);
    expect(error).toBeNull();
    await catchUp(deviceA, stack.db);
    await catchUp(deviceB, stack.db);
    expect(await deviceA.db.messages.get(id)).toBeUndefined();
    expect(await deviceB.db.messages.get(id)).toBeUndefined();
  });

  it("pulls only the poked topic's tables: the forum's bring a reply, the member's own bring a message", async () => {
    const { device: reader, member } = await signedInDevice(stack, devices);
    const { device: writer } = await signedInDevice(stack, devices);
    const threadId = (await reader.db.threads.filter((t) => !t.is_locked).first())!.id;
    await reader.engine.openThread(threadId);
    const replyId = await enqueueReply(writer.writer(), { threadId, content: 'Poked on the forum topic', images: [] });
    const messageId = await enqueueMessage(writer.writer(), {
      recipientId: member.id,
      subject: 'Poked',
      content: 'Mine',
    });
    await writer.engine.flush();
    expect(await writer.db.outbox.count()).toBe(0);
    const messagesCursor = (await reader.db.cursors.get('messages'))?.txid;

    await waitFor(async () => {
      await reader.engine.pull(new Set(['forum']));
      return (await reader.db.posts.get(replyId)) !== undefined;
    }, 15_000);
    expect(await reader.db.messages.get(messageId)).toBeUndefined();
    expect((await reader.db.cursors.get('messages'))?.txid).toBe(messagesCursor);

    await waitFor(async () => {
      await reader.engine.pull(new Set(['member']));
      return (await reader.db.messages.get(messageId)) !== undefined;
    }, 15_000);
  });
});
