// Edits against the real local stack: two devices on one post, and an edit of a post deleted meanwhile.
import { describe, expect, it } from 'vitest';
import { latestThreads } from '../../../src/data/queries/threads.ts';
import { discardFailed, resolveConflict } from '../../../src/sync/failed.ts';
import { enqueueEdit, enqueueReply } from '../../../src/sync/outbox.ts';
import { catchUp, newDevice, type Device } from './device.ts';
import { setUpSyncStack } from './setUpSyncStack.ts';

const { stack, devices } = setUpSyncStack();

async function twoDevicesOfOneMember() {
  const member = await stack.newMember();
  const pair: Device[] = [];
  for (const key of ['phone', 'laptop']) {
    const device = await newDevice(stack, { storageKey: `sb-${key}` });
    devices.push(device);
    await device.signIn(member.email, member.password);
    await device.engine.sync();
    pair.push(device);
  }
  return { phone: pair[0]!, laptop: pair[1]!, member };
}

async function serverContent(id: string) {
  const { rows } = await stack.db.query<{ content: string }>('select content from public.posts where id = $1', [id]);
  return rows[0]?.content;
}

async function openThread(device: Device) {
  const thread = (await latestThreads(device.db, 50)).find((t) => !t.is_locked);
  if (!thread) throw new Error('no open thread');
  return thread.id;
}

describe('edit conflicts', () => {
  it('shows both texts to the second device, and keeps whichever the member chooses', async () => {
    const { phone, laptop } = await twoDevicesOfOneMember();
    const threadId = await openThread(phone);
    const postId = await enqueueReply(phone.writer(), { threadId, content: 'First draft', images: [] });
    await phone.engine.flush();
    await catchUp(laptop, stack.db);
    expect((await laptop.db.posts.get(postId))?.content).toBe('First draft');

    await enqueueEdit(phone.writer(), { postId, content: 'Edited on the phone', images: [] });
    await enqueueEdit(laptop.writer(), { postId, content: 'Edited on the laptop', images: [] });
    await phone.engine.flush();
    await laptop.engine.flush();

    expect(await serverContent(postId)).toBe('Edited on the phone');
    const [conflict] = await laptop.db.failed.toArray();
    expect(conflict?.conflict?.theirs).toBe('Edited on the phone');
    expect(conflict?.write.kind === 'editPost' && conflict.write.content).toBe('Edited on the laptop');

    await resolveConflict(laptop.db, conflict!.id, 'mine', laptop.clock.now());
    await laptop.engine.flush();
    expect(await serverContent(postId)).toBe('Edited on the laptop');
    expect(await laptop.db.failed.count()).toBe(0);
    await catchUp(phone, stack.db);
    expect((await phone.db.posts.get(postId))?.content).toBe('Edited on the laptop');
  });

  it('takes the server text when the member chooses theirs', async () => {
    const { phone, laptop } = await twoDevicesOfOneMember();
    const threadId = await openThread(phone);
    const postId = await enqueueReply(phone.writer(), { threadId, content: 'Original words', images: [] });
    await phone.engine.flush();
    await catchUp(laptop, stack.db);
    await enqueueEdit(phone.writer(), { postId, content: 'Phone wins', images: [] });
    await enqueueEdit(laptop.writer(), { postId, content: 'Laptop loses', images: [] });
    await phone.engine.flush();
    await laptop.engine.flush();
    const [conflict] = await laptop.db.failed.toArray();
    await resolveConflict(laptop.db, conflict!.id, 'theirs', laptop.clock.now());
    await laptop.engine.flush();
    expect(await serverContent(postId)).toBe('Phone wins');
    expect((await laptop.db.posts.get(postId))?.content).toBe('Phone wins');
    expect(await laptop.db.failed.count()).toBe(0);
  });

  it('puts an edit of a post deleted on the server in the failed list with the reason', async () => {
    const { phone } = await twoDevicesOfOneMember();
    const threadId = await openThread(phone);
    const postId = await enqueueReply(phone.writer(), { threadId, content: 'Will be removed', images: [] });
    await phone.engine.flush();
    await stack.db.query('delete from public.posts where id = $1', [postId]);
    await enqueueEdit(phone.writer(), { postId, content: 'Edit of a ghost', images: [] });
    await phone.engine.flush();
    const [failed] = await phone.db.failed.toArray();
    expect(failed?.reason).toBe('This post was deleted, so your edit could not be saved.');
    expect(await phone.db.posts.get(postId)).toBeUndefined();
    await discardFailed(phone.db, failed!.id);
    expect(await phone.db.failed.count()).toBe(0);
  });

  it('folds an edit made while the reply is still waiting into that reply', async () => {
    const { phone } = await twoDevicesOfOneMember();
    const threadId = await openThread(phone);
    phone.env.setOnline(false);
    const postId = await enqueueReply(phone.writer(), { threadId, content: 'Typo here', images: [] });
    await enqueueEdit(phone.writer(), { postId, content: 'No typo here', images: [] });
    expect(await phone.db.outbox.count()).toBe(1);
    phone.env.setOnline(true);
    await phone.engine.flush();
    expect(await serverContent(postId)).toBe('No typo here');
  });
});
