// The thread tools and member reports as write kinds, against the real local stack: what the database allows is
// sent and kept, what it refuses lands in the failed list with its reason and the screen put back, and an offline
// write waits in the outbox until the member is back.
import { beforeAll, describe, expect, it } from 'vitest';
import { latestThreads } from '../../../src/data/queries/threads.ts';
import { enqueueReport } from '../../../src/sync/kinds/report.ts';
import { enqueueUpdateThread } from '../../../src/sync/kinds/updateThread.ts';
import { setTrustLevel } from '../members.ts';
import { DEMO } from '../stack.ts';
import { newDevice, signedInDevice, type Device } from './device.ts';
import { setUpSyncStack } from './setUpSyncStack.ts';

const { stack, devices } = setUpSyncStack();
let mod: Device;

beforeAll(async () => {
  mod = await newDevice(stack);
  devices.push(mod);
  await mod.signIn(DEMO.moderator.email, DEMO.moderator.password);
  await mod.engine.sync();
});

async function serverThread(id: string) {
  const { rows } = await stack.db.query<{ is_pinned: boolean; is_locked: boolean; category_id: string }>(
    'select is_pinned, is_locked, category_id from public.threads where id = $1',
    [id],
  );
  return rows[0];
}

async function unpinnedThread(device: Device) {
  const thread = (await latestThreads(device.db, 50)).find((t) => !t.is_pinned && !t.is_locked);
  if (!thread) throw new Error('the mirror has no unpinned open thread');
  return thread;
}

describe('updateThread', () => {
  it("sends a moderator's pin, lock and move, written offline, and the header keeps the server's row", async () => {
    const thread = await unpinnedThread(mod);
    const other = (await mod.db.categories.toArray()).find((c) => c.type !== thread._category_type)!;
    mod.env.setOnline(false);
    await enqueueUpdateThread(mod.writer(), { threadId: thread.id, changes: { is_pinned: true, is_locked: true } });
    await enqueueUpdateThread(mod.writer(), { threadId: thread.id, changes: { category_id: other.id } });
    await mod.engine.flush();
    expect(await mod.db.outbox.count()).toBe(2);
    expect(await serverThread(thread.id)).toMatchObject({ is_pinned: false, category_id: thread.category_id });

    mod.env.setOnline(true);
    await mod.engine.flush();
    expect(await serverThread(thread.id)).toEqual({ is_pinned: true, is_locked: true, category_id: other.id });
    expect(await mod.db.outbox.count()).toBe(0);
    expect(await mod.db.failed.count()).toBe(0);
    expect(await mod.db.threads.get(thread.id)).toMatchObject({
      is_pinned: true,
      _pin: 1,
      category_id: other.id,
      _category_type: other.type,
    });
  });

  it("refuses a member's pin: the failed list says so, and the thread is put back here and untouched there", async () => {
    const { device } = await signedInDevice(stack, devices);
    const thread = await unpinnedThread(device);
    const entryId = await enqueueUpdateThread(device.writer(), { threadId: thread.id, changes: { is_pinned: true } });
    expect((await device.db.threads.get(thread.id))?.is_pinned).toBe(true);
    await device.engine.flush();
    expect((await serverThread(thread.id))?.is_pinned).toBe(false);
    const failed = await device.db.failed.get(entryId!);
    expect(failed?.reason).toMatch(/^You are not allowed to do this\./);
    expect(await device.db.threads.get(thread.id)).toMatchObject({ is_pinned: false, _pin: 0 });
  });
});

describe('report', () => {
  async function postOfAnother(device: Device, userId: string) {
    const post = (await device.db.posts.toArray()).find((p) => p.author_id !== userId && p.hidden_at === null);
    if (!post) throw new Error('the mirror has no post of another member');
    return post;
  }

  async function serverReports(postId: string, reporterId: string) {
    const { rows } = await stack.db.query<{ reason: string; details: string | null }>(
      'select reason, details from public.post_reports where post_id = $1 and reporter_id = $2',
      [postId, reporterId],
    );
    return rows;
  }

  it('sends a report written offline once, even when its answer was lost', async () => {
    const { device, member } = await signedInDevice(stack, devices);
    // A new account (trust level 0) may not flag: the reporter is a member of level 1.
    await setTrustLevel(stack, member.id, 1);
    const post = await postOfAnother(device, member.id);
    device.network.mode = 'down';
    device.env.setOnline(false);
    const id = await enqueueReport(device.writer(), { postId: post.id, reason: 'other', details: 'Phishing link' });
    device.env.setOnline(true);
    device.network.mode = 'drop-answers';
    await device.engine.flush();
    expect(await device.db.outbox.count()).toBe(1);
    device.network.mode = 'up';
    device.clock.advance(60_000);
    await device.engine.flush();
    expect(await serverReports(post.id, member.id)).toEqual([{ reason: 'other', details: 'Phishing link' }]);
    expect(await device.db.failed.count()).toBe(0);
    // Sent: the post says "Reported", no longer as waiting.
    const row = await device.db.reports.get(id);
    expect(row?.post_id).toBe(post.id);
    expect(row?._status).toBeUndefined();
  });

  it('puts a second report of the same post, from another device, in the failed list as already reported', async () => {
    const { device, member } = await signedInDevice(stack, devices);
    await setTrustLevel(stack, member.id, 1);
    const post = await postOfAnother(device, member.id);
    await enqueueReport(device.writer(), { postId: post.id, reason: 'spam', details: null });
    await device.engine.flush();

    const second = await newDevice(stack);
    devices.push(second);
    await second.signIn(member.email, member.password);
    await second.engine.sync();
    await second.engine.openThread(post.thread_id);
    const id = await enqueueReport(second.writer(), { postId: post.id, reason: 'abusive', details: null });
    await second.engine.flush();
    const failed = await second.db.failed.toArray();
    expect(failed.map((f) => [f.reason, f.code])).toEqual([['You have already reported this post', '23505']]);
    expect(await second.db.reports.get(id)).toMatchObject({ _status: 'failed' });
    expect(await serverReports(post.id, member.id)).toEqual([{ reason: 'spam', details: null }]);
  });
});
