// A write kind made up here and added through the table of write kinds alone: the real engine and outbox send it,
// settle the server's answer into the mirror, and list it as failed when the server refuses it.
import { describe, expect, it } from 'vitest';
import { PROFILE_COLUMNS } from '../../../src/data/columns.ts';
import { outboxEntry, type WriteContext } from '../../../src/sync/enqueue.ts';
import { editFailed } from '../../../src/sync/failed.ts';
import { rowsOf } from '../../../src/sync/pushRequests.ts';
import type { WriteKind } from '../../../src/sync/writeKind.ts';
import { registerWriteKind } from '../../../src/sync/writeKinds.ts';
import { catchUp, signedInDevice } from './device.ts';
import { setUpSyncStack } from './setUpSyncStack.ts';

/** The member's own profile text: a kind the app does not have. */
interface ProfileBioWrite {
  kind: 'profileBio';
  profileId: string;
  bio: string;
}

declare module '../../../src/data/outboxTypes.ts' {
  interface WritePayloads {
    profileBio: ProfileBioWrite;
  }
}

const profileBio = {
  name: 'profileBio',
  tables: ['profiles'],
  target: (write) => write.profileId,
  async push(ctx, write) {
    const answer = await ctx.client
      .from('profiles')
      .update({ bio: write.bio })
      .eq('id', write.profileId)
      .select(PROFILE_COLUMNS);
    const [row] = rowsOf(answer);
    return { result: 'sent', changes: row ? [{ table: 'profiles', row }] : [] };
  },
  text: { of: (write) => write.bio, with: (write, bio) => ({ ...write, bio }) },
} satisfies WriteKind<ProfileBioWrite>;

registerWriteKind(profileBio);

async function enqueueBio(ctx: WriteContext, bio: string) {
  const { db } = ctx;
  await db.transaction('rw', [db.profiles, db.outbox], async () => {
    await db.profiles.update(ctx.userId, { bio });
    await db.outbox.add(outboxEntry(ctx, { kind: 'profileBio', profileId: ctx.userId, bio }));
  });
}

const { stack, devices } = setUpSyncStack();

async function serverProfile(id: string) {
  const { rows } = await stack.db.query<{ bio: string | null; display_name: string | null }>(
    'select bio, display_name from public.profiles where id = $1',
    [id],
  );
  return rows[0];
}

describe('a write kind added through the table alone', () => {
  it('waits in the outbox, keeps its row from pulls while it waits, then is sent and its answer mirrored', async () => {
    const { device, member } = await signedInDevice(stack, devices);
    // Nothing wakes the engine here (the app's actions would): the write waits until the test flushes.
    await enqueueBio(device.writer(), 'Written here');
    await device.engine.refreshCounts();
    expect(device.engine.status.get().pending).toBe(1);
    expect((await device.db.profiles.get(member.id))?.bio).toBe('Written here');

    await stack.db.query(`update public.profiles set display_name = 'Changed elsewhere' where id = $1`, [member.id]);
    await catchUp(device, stack.db);
    // The pull found the newer server row but left it alone: a waiting write of this device is about to change it.
    expect((await device.db.profiles.get(member.id))?.bio).toBe('Written here');
    expect((await device.db.profiles.get(member.id))?.display_name).not.toBe('Changed elsewhere');

    await device.engine.flush();
    expect(await serverProfile(member.id)).toEqual({ bio: 'Written here', display_name: 'Changed elsewhere' });
    expect(await device.db.outbox.count()).toBe(0);
    expect(device.engine.status.get().pending).toBe(0);
    const mirrored = await device.db.profiles.get(member.id);
    expect([mirrored?.bio, mirrored?.display_name]).toEqual(['Written here', 'Changed elsewhere']);
  });

  it('lists a refused write as failed with its reason, and sends it again once the member edits its text', async () => {
    const { device, member } = await signedInDevice(stack, devices);
    const before = (await serverProfile(member.id))?.bio;
    await enqueueBio(device.writer(), 'x'.repeat(501));
    await device.engine.flush();

    expect(await device.db.outbox.count()).toBe(0);
    const [failed] = await device.db.failed.toArray();
    expect(failed?.write).toEqual({ kind: 'profileBio', profileId: member.id, bio: 'x'.repeat(501) });
    expect(failed?.code).toBe('23514');
    expect(failed?.reason).toMatch(/^The server refused the content\. \(.*profiles_bio_length/);
    expect(device.engine.status.get()).toMatchObject({ pending: 0, failed: 1 });
    expect((await serverProfile(member.id))?.bio).toBe(before);

    await editFailed(device.db, failed!.id, 'Short enough', device.clock.now());
    await device.engine.flush();
    expect((await serverProfile(member.id))?.bio).toBe('Short enough');
    expect(await device.db.failed.count()).toBe(0);
    expect(device.engine.status.get()).toMatchObject({ pending: 0, failed: 0 });
  });
});
