// The updateProfile kind against the real local stack: a change waits offline and is sent on reconnect, and a taken
// username is refused by the database, listed as failed with its own words, and taken back off the screen.
import { describe, expect, it } from 'vitest';
import { enqueueUpdateProfile, USERNAME_TAKEN } from '../../../src/sync/kinds/updateProfile.ts';
import { signedInDevice } from './device.ts';
import { setUpSyncStack } from './setUpSyncStack.ts';

const { stack, devices } = setUpSyncStack();

async function serverProfile(id: string) {
  const { rows } = await stack.db.query<{ username: string; bio: string | null; display_name: string | null }>(
    'select username, bio, display_name from public.profiles where id = $1',
    [id],
  );
  return rows[0];
}

describe('updateProfile', () => {
  it('shows the change at once, waits while offline, and is sent and mirrored on reconnect', async () => {
    const { device, member } = await signedInDevice(stack, devices);
    device.network.mode = 'down';
    device.env.online = false;
    const changes = { display_name: 'Offline Name', bio: 'Written in a tunnel' };
    await enqueueUpdateProfile(device.writer(), changes);
    expect(await device.db.profiles.get(member.id)).toMatchObject(changes);
    expect(await device.db.outbox.count()).toBe(1);

    device.network.mode = 'up';
    device.env.online = true;
    await device.engine.flush();
    expect(await serverProfile(member.id)).toMatchObject(changes);
    expect(await device.db.outbox.count()).toBe(0);
    expect(await device.db.failed.count()).toBe(0);
    expect((await device.db.profiles.get(member.id))?.sync_txid).toBeGreaterThan(0);
  });

  it('refuses a username another member has (in any case), lists it as failed and restores the mirror', async () => {
    const { device, member } = await signedInDevice(stack, devices);
    const other = await stack.newMember();
    const before = await serverProfile(member.id);
    const taken = (await serverProfile(other.id))!.username.toUpperCase();
    await enqueueUpdateProfile(device.writer(), { username: taken, bio: 'New bio' });
    expect((await device.db.profiles.get(member.id))?.username).toBe(taken);

    await device.engine.flush();
    const [failed] = await device.db.failed.toArray();
    expect(failed).toMatchObject({ reason: USERNAME_TAKEN, code: '23505' });
    expect(await serverProfile(member.id)).toEqual(before);
    expect((await device.db.profiles.get(member.id))?.username).toBe(before!.username);
    expect((await device.db.profiles.get(member.id))?.bio).toBe(before!.bio);
  });

  it('refuses a display name over 50 characters, or with a direction override, in the words the form shows', async () => {
    const { device, member } = await signedInDevice(stack, devices);
    const before = await serverProfile(member.id);
    await enqueueUpdateProfile(device.writer(), { display_name: 'x'.repeat(300) });
    await enqueueUpdateProfile(device.writer(), { display_name: '\u202Enimda' });
    await device.engine.flush();
    const failed = await device.db.failed.toArray();
    expect(failed.map((f) => [f.code, f.reason])).toEqual([
      ['23514', 'Display name must be at most 50 characters'],
      ['23514', 'Display name cannot contain text-direction control characters'],
    ]);
    expect(await serverProfile(member.id)).toEqual(before);
    expect((await device.db.profiles.get(member.id))?.display_name).toBe(before!.display_name);
  });
});
