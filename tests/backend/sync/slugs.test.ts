// A thread written offline whose slug another thread takes meanwhile, against the real local stack: the server
// settles it on a suffixed slug, and the slug the member saw keeps opening it on their device, online and offline.
import { describe, expect, it } from 'vitest';
import { openedThread, threadRowAt } from '../../../src/data/queries/threadAddress.ts';
import { enqueueThread } from '../../../src/sync/outbox.ts';
import { catchUp, signedInDevice, type Device } from './device.ts';
import { setUpSyncStack } from './setUpSyncStack.ts';

const { stack, devices } = setUpSyncStack();

async function newThread(device: Device, slug: string, title: string) {
  const [category] = await device.db.categories.toArray();
  const input = { categoryId: category!.id, title, slug, content: `The opening post of ${title}`, images: [] };
  return (await enqueueThread(device.writer(), input)).threadId;
}

async function serverSlugs(ids: string[]) {
  const { rows } = await stack.db.query<{ id: string; slug: string }>(
    'select id, slug from public.threads where id = any($1::uuid[])',
    [ids],
  );
  return new Map(rows.map((r) => [r.id, r.slug]));
}

describe('a slug taken while the thread waited to send', () => {
  it('opens the thread at the slug the member saw, on their device, while the other thread keeps it elsewhere', async () => {
    const { device: mine } = await signedInDevice(stack, devices);
    const { device: theirs } = await signedInDevice(stack, devices);
    const slug = `moved-slug-${process.pid}-${Date.now()}`;

    mine.network.mode = 'down';
    mine.env.setOnline(false);
    const myThread = await newThread(mine, slug, 'Written on the train');
    expect((await openedThread(mine.db, slug))?.id).toBe(myThread);

    // Another member takes the slug on the server first.
    const theirThread = await newThread(theirs, slug, 'Posted from home');
    await theirs.engine.flush();
    expect((await serverSlugs([theirThread])).get(theirThread)).toBe(slug);

    mine.network.mode = 'up';
    mine.env.setOnline(true);
    await mine.engine.flush();
    const settled = (await serverSlugs([myThread])).get(myThread)!;
    expect(settled).toMatch(new RegExp(`^${slug}-[0-9a-z]+$`));
    expect((await mine.db.threads.get(myThread))?.slug).toBe(settled);
    expect(await mine.db.slugAliases.get(slug)).toEqual({ slug, thread_id: myThread });

    // The pull brings the other thread, under the slug the member saw: here it still opens the member's own thread.
    await catchUp(mine, stack.db);
    expect((await mine.db.threads.get(theirThread))?.slug).toBe(slug);
    expect(await openedThread(mine.db, slug)).toMatchObject({ id: myThread, address: settled });
    // The other thread is reached here by its id, which stays its address on this device.
    expect(await openedThread(mine.db, theirThread)).toMatchObject({ id: theirThread, address: theirThread });
    expect(await mine.engine.openThread(slug)).toBe('mirrored');
    mine.env.setOnline(false);
    mine.network.mode = 'down';
    expect(await mine.engine.openThread(slug)).toBe('mirrored');
    expect((await threadRowAt(mine.db, slug))?.id).toBe(myThread);

    // Everywhere else the slug is the other thread's.
    await catchUp(theirs, stack.db);
    expect(await openedThread(theirs.db, slug)).toMatchObject({ id: theirThread, address: slug });
    expect(await openedThread(theirs.db, settled)).toMatchObject({ id: myThread, address: settled });

    // The alias was the member's: another member signing in on the device opens the thread that holds the slug.
    mine.network.mode = 'up';
    mine.env.setOnline(true);
    const next = await stack.newMember();
    await mine.client.auth.signOut();
    await mine.signIn(next.email, next.password);
    expect(await mine.db.slugAliases.count()).toBe(0);
    expect(await openedThread(mine.db, slug)).toMatchObject({ id: theirThread, address: slug });
  });

  it('keeps no alias when the slug the member saw was free', async () => {
    const { device } = await signedInDevice(stack, devices);
    const slug = `free-slug-${process.pid}-${Date.now()}`;
    const id = await newThread(device, slug, 'Nobody else wrote this');
    await device.engine.flush();
    expect((await serverSlugs([id])).get(id)).toBe(slug);
    expect(await device.db.slugAliases.count()).toBe(0);
  });
});
