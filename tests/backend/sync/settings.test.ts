// Settings toggles through the real engine and stack: they land in the member's private profile fields, wait
// offline, coalesce, and do what they say (allowMessages off refuses a message to the member).
import { describe, expect, it } from 'vitest';
import { enqueueMessage, enqueueUpdateSettings } from '../../../src/sync/outbox.ts';
import { signedInDevice } from './device.ts';
import { setUpSyncStack } from './setUpSyncStack.ts';

const { stack, devices } = setUpSyncStack();

const PRIVACY = { showOnline: true, allowMessages: true, showActivity: true };

async function serverSettings(id: string) {
  const { rows } = await stack.db.query<{ notification_preferences: unknown; privacy_settings: unknown }>(
    'select notification_preferences, privacy_settings from public.profiles where id = $1',
    [id],
  );
  return rows[0];
}

describe('updateSettings', () => {
  it('lands in profile_private once sent, and the mirror keeps the server answer', async () => {
    const { device, member } = await signedInDevice(stack, devices);
    const me = await device.db.me.get(member.id);
    expect(me?.privacy_settings).toEqual(PRIVACY);

    await enqueueUpdateSettings(device.writer(), {
      field: 'notification_preferences',
      value: { emailReplies: false, emailMentions: true, emailMessages: true, pushEnabled: true },
    });
    await device.engine.sync();
    expect((await serverSettings(member.id))?.notification_preferences).toEqual({
      emailReplies: false,
      emailMentions: true,
      emailMessages: true,
      pushEnabled: true,
    });
    expect(await device.db.outbox.count()).toBe(0);
    const { data } = await member.client.from('profile_private').select('notification_preferences').single();
    expect(data?.notification_preferences).toMatchObject({ emailReplies: false, pushEnabled: true });
  });

  it('waits offline, is not undone by a pull, and sends only the latest of several toggles', async () => {
    const { device, member } = await signedInDevice(stack, devices);
    device.network.mode = 'down';
    device.env.setOnline(false);
    const writer = device.writer();
    await enqueueUpdateSettings(writer, { field: 'privacy_settings', value: { ...PRIVACY, showActivity: false } });
    await enqueueUpdateSettings(writer, {
      field: 'privacy_settings',
      value: { ...PRIVACY, showActivity: false, showOnline: false },
    });
    await device.engine.flush();
    expect(await device.db.outbox.count()).toBe(1);
    expect((await serverSettings(member.id))?.privacy_settings).toEqual(PRIVACY);

    // Back online, but the engine has not heard yet, so nothing is sent: a pull keeps the waiting value shown.
    device.network.mode = 'up';
    device.env.online = true;
    await device.engine.pull();
    expect(await device.db.outbox.count()).toBe(1);
    expect((await device.db.me.get(member.id))?.privacy_settings).toEqual({
      showOnline: false,
      allowMessages: true,
      showActivity: false,
    });
    device.env.setOnline(true);
    await device.engine.sync();
    expect((await serverSettings(member.id))?.privacy_settings).toEqual({
      showOnline: false,
      allowMessages: true,
      showActivity: false,
    });
    expect(await device.db.outbox.count()).toBe(0);
  });

  it('with allowMessages off, a message to the member is refused and lands in the sender’s failed list', async () => {
    const { device: quiet, member: quietMember } = await signedInDevice(stack, devices);
    const { device: sender } = await signedInDevice(stack, devices);
    await enqueueUpdateSettings(quiet.writer(), {
      field: 'privacy_settings',
      value: { ...PRIVACY, allowMessages: false },
    });
    await quiet.engine.sync();
    expect((await serverSettings(quietMember.id))?.privacy_settings).toMatchObject({ allowMessages: false });

    await enqueueMessage(sender.writer(), { recipientId: quietMember.id, subject: 'Hello', content: 'Are you there?' });
    await sender.engine.sync();
    const failed = await sender.db.failed.toArray();
    expect(failed.map((f) => [f.write.kind, f.code])).toEqual([['message', '42501']]);
    const { rows } = await stack.db.query('select 1 from public.messages where recipient_id = $1', [quietMember.id]);
    expect(rows).toEqual([]);
  });

  it('a refused toggle goes to the failed list and leaves the server as it was', async () => {
    const { device, member } = await signedInDevice(stack, devices);
    // A banned member may not edit their profile: the guard refuses it.
    await stack.db.query('update public.profiles set is_banned = true where id = $1', [member.id]);
    await enqueueUpdateSettings(device.writer(), {
      field: 'privacy_settings',
      value: { ...PRIVACY, showOnline: false },
    });
    await device.engine.sync();
    const failed = await device.db.failed.toArray();
    expect(failed.map((f) => [f.write.kind, f.code])).toEqual([['updateSettings', '42501']]);
    expect(await device.db.outbox.count()).toBe(0);
    expect((await serverSettings(member.id))?.privacy_settings).toEqual(PRIVACY);
  });
});
