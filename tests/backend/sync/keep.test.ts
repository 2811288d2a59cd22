// What the mirror keeps: the posts of recent threads and of threads opened here, fetched on demand, evicted when stale.
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { postsOfThread } from '../../../src/data/queries/posts.ts';
import { enqueueReply } from '../../../src/sync/outbox.ts';
import { newDevice, type Device } from './device.ts';
import { setUpSyncStack } from './setUpSyncStack.ts';

const { stack, devices } = setUpSyncStack();
let device: Device;
const DAY = 24 * 3600_000;

beforeAll(async () => {
  const member = await stack.newMember();
  device = await newDevice(stack, { options: { keepRecentThreads: 3, evictAfterMs: 7 * DAY } });
  devices.push(device);
  await device.signIn(member.email, member.password);
  await device.engine.sync();
});

async function oldestThread() {
  const { rows } = await stack.db.query<{ id: string; slug: string; posts: number }>(
    `select t.id, t.slug, (select count(*)::int from public.posts p where p.thread_id = t.id) as posts
     from public.threads t where not t.is_locked
     order by coalesce(t.last_reply_at, t.created_at) asc limit 1`,
  );
  return rows[0]!;
}

describe('kept threads', () => {
  it('keeps the posts of the most recently active threads only', async () => {
    const kept = (await device.db.keptThreads.toCollection().primaryKeys()) as string[];
    expect(kept).toHaveLength(3);
    const postThreads = new Set((await device.db.posts.toArray()).map((p) => p.thread_id));
    expect([...postThreads].every((id) => kept.includes(id))).toBe(true);
    expect(await device.db.threads.count()).toBeGreaterThan(3);
  });

  it('fetches a thread that is not kept when it is opened, by slug, then renders it from the mirror', async () => {
    const old = await oldestThread();
    expect(await postsOfThread(device.db, old.id).count()).toBe(0);
    expect(await device.engine.openThread(old.slug)).toBe('mirrored');
    expect(await postsOfThread(device.db, old.id).count()).toBe(old.posts);
    expect(await device.engine.openThread('no-thread-has-this-slug')).toBe('missing');
  });

  it('says offline when a thread that is not kept is opened with no connection', async () => {
    const { rows } = await stack.db.query<{ slug: string }>(
      `select slug from public.threads where id <> all($1::uuid[]) limit 1`,
      [(await device.db.keptThreads.toCollection().primaryKeys()) as string[]],
    );
    device.env.online = false;
    expect(await device.engine.openThread(rows[0]!.slug)).toBe('offline');
    device.env.online = true;
  });

  it('says offline when the connection drops while a thread is fetched, and only then', async () => {
    const notKept = async () => {
      const kept = (await device.db.keptThreads.toCollection().primaryKeys()) as string[];
      const { rows } = await stack.db.query<{ slug: string }>(
        `select slug from public.threads where id <> all($1::uuid[]) limit 1`,
        [kept],
      );
      return rows[0]!.slug;
    };
    device.network.mode = 'down';
    try {
      expect(await device.engine.openThread(await notKept())).toBe('offline');
    } finally {
      device.network.mode = 'up';
    }

    // A full disk on the device is not the network: the screen must hear about it, not say "offline".
    const full = Object.assign(new Error('The quota has been exceeded.'), { name: 'QuotaExceededError' });
    const bulkPut = vi.spyOn(device.db.posts, 'bulkPut').mockRejectedValueOnce(full);
    try {
      await expect(device.engine.openThread(await notKept())).rejects.toMatchObject({ name: 'QuotaExceededError' });
    } finally {
      bulkPut.mockRestore();
    }
  });

  it('evicts the posts of a thread untouched for a week, but never an unsent reply', async () => {
    const old = await oldestThread();
    await device.engine.openThread(old.slug);
    const unsent = await enqueueReply(device.writer(), { threadId: old.id, content: 'Still waiting', images: [] });
    await device.db.keptThreads.update(old.id, { touched_at: device.clock.now() - 8 * DAY });
    await device.engine.pull();

    expect(await device.db.keptThreads.get(old.id)).toBeUndefined();
    expect((await postsOfThread(device.db, old.id).toArray()).map((p) => p.id)).toEqual([unsent]);
    expect(await device.db.outbox.count()).toBe(1);
  });

  it('clears downloaded data and pulls it again, keeping unsent writes and their rows', async () => {
    const old = await oldestThread();
    device.env.online = false;
    const unsent = await enqueueReply(device.writer(), { threadId: old.id, content: 'Not sent yet', images: [] });
    device.env.online = true;
    const waiting = await device.db.outbox.count();
    const waitingRows = (await device.db.posts.filter((p) => p._status !== undefined).primaryKeys()).sort();
    expect(waitingRows).toContain(unsent);
    device.network.mode = 'down';
    await device.engine.clearDownloadedData();
    expect(await device.db.threads.count()).toBe(0);
    expect((await device.db.posts.toCollection().primaryKeys()).sort()).toEqual(waitingRows);
    expect(await device.db.outbox.count()).toBe(waiting);

    device.network.mode = 'up';
    await device.engine.pull();
    const { rows } = await stack.db.query<{ n: number }>('select count(*)::int as n from public.threads');
    expect(await device.db.threads.count()).toBe(rows[0]!.n);
    expect(await device.db.posts.get(unsent)).toMatchObject({ _status: 'sending', content: 'Not sent yet' });
  });

  it('brings a thread opened before the first pull the replies written before that pull, and writes only them', async () => {
    // As on a first visit whose sync code came late: the thread is opened, someone replies, then the first pull runs.
    const fresh = await newDevice(stack, { whileStarting: (env) => (env.online = false) });
    devices.push(fresh);
    fresh.env.online = true;
    const old = await oldestThread();
    expect(await fresh.engine.openThread(old.slug)).toBe('mirrored');
    const author = await stack.newMember();
    const { rows } = await stack.db.query<{ id: string }>(
      `insert into public.posts (thread_id, author_id, content, type, is_first_post)
       values ($1, $2, 'Written between the open and the first pull', 'reply', false) returning id`,
      [old.id, author.id],
    );
    // The engine writes posts through db.posts and through db.table('posts'), two objects.
    const writes = [vi.spyOn(fresh.db.posts, 'bulkPut'), vi.spyOn(fresh.db.table('posts'), 'bulkPut')];
    await fresh.engine.sync();
    expect(await fresh.db.posts.get(rows[0]!.id)).toMatchObject({ thread_id: old.id });
    expect(await postsOfThread(fresh.db, old.id).count()).toBe(old.posts + 1);
    // The posts it held already are not written again, so the thread on the screen has nothing to render anew.
    const written = writes
      .flatMap((spy) => spy.mock.calls.flatMap(([posts]) => [...(posts as { id: string; thread_id: string }[])]))
      .filter((p) => p.thread_id === old.id);
    expect(written.map((p) => p.id)).toEqual([rows[0]!.id]);
  });
});
