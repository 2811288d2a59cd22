// Settings toggles through the outbox, on a fake-indexeddb mirror: shown at once, coalesced, and kept when a
// newer toggle meets an older one on the wire.
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { expect, it } from 'vitest';
import { openMirror } from '../../data/mirror.ts';
import type { MeRow } from '../../data/types.ts';
import { enqueueUpdateSettings } from '../outbox.ts';
import { settleSent } from '../settle.ts';

const NOTIFY = { emailReplies: true, emailMentions: true, emailMessages: true, pushEnabled: false };
const PRIVACY = { showOnline: true, allowMessages: true, showActivity: true };
const ME: MeRow = { id: 'u1', email: 'u1@example.test', notification_preferences: NOTIFY, privacy_settings: PRIVACY };

async function mirrorWithMe() {
  const db = openMirror({ indexedDB: new IDBFactory(), IDBKeyRange });
  await db.me.put(ME);
  return { db, ctx: { db, userId: 'u1', now: () => 0 } };
}

it('shows a toggle at once and queues it; later toggles of the same settings join the waiting write', async () => {
  const { db, ctx } = await mirrorWithMe();
  await enqueueUpdateSettings(ctx, { field: 'privacy_settings', value: { ...PRIVACY, showOnline: false } });
  await enqueueUpdateSettings(ctx, {
    field: 'privacy_settings',
    value: { ...PRIVACY, showOnline: false, allowMessages: false },
  });
  await enqueueUpdateSettings(ctx, { field: 'notification_preferences', value: { ...NOTIFY, pushEnabled: true } });

  const writes = (await db.outbox.toArray()).map((e) => e.write);
  expect(writes).toEqual([
    {
      kind: 'updateSettings',
      id: 'u1',
      field: 'privacy_settings',
      value: { showOnline: false, allowMessages: false, showActivity: true },
    },
    { kind: 'updateSettings', id: 'u1', field: 'notification_preferences', value: { ...NOTIFY, pushEnabled: true } },
  ]);
  expect(await db.me.get('u1')).toEqual({
    ...ME,
    notification_preferences: { ...NOTIFY, pushEnabled: true },
    privacy_settings: { showOnline: false, allowMessages: false, showActivity: true },
  });
});

it('refuses to queue settings this device has never pulled', async () => {
  const db = openMirror({ indexedDB: new IDBFactory(), IDBKeyRange });
  await expect(
    enqueueUpdateSettings({ db, userId: 'u1', now: () => 0 }, { field: 'privacy_settings', value: PRIVACY }),
  ).rejects.toThrow('Your settings are not on this device yet');
  expect(await db.outbox.count()).toBe(0);
});

it('keeps a toggle made while an earlier one was on the wire, and sends it next', async () => {
  const { db, ctx } = await mirrorWithMe();
  await enqueueUpdateSettings(ctx, { field: 'privacy_settings', value: { ...PRIVACY, showOnline: false } });
  const sent = (await db.outbox.toArray())[0]!;
  // While that send is out, the member turns showOnline back on.
  await enqueueUpdateSettings(ctx, { field: 'privacy_settings', value: PRIVACY });
  // The server answers with the value it was sent.
  const answered: MeRow = { ...ME, privacy_settings: { ...PRIVACY, showOnline: false } };
  await settleSent(db, sent, { result: 'sent', changes: [{ table: 'me', row: answered }] });

  expect((await db.me.get('u1'))?.privacy_settings).toEqual(PRIVACY);
  const waiting = await db.outbox.toArray();
  expect(waiting.map((e) => e.write)).toEqual([
    { kind: 'updateSettings', id: 'u1', field: 'privacy_settings', value: PRIVACY },
  ]);
  // Sent again as it is now, that answer settles it.
  await settleSent(db, waiting[0]!, { result: 'sent', changes: [{ table: 'me', row: ME }] });
  expect(await db.outbox.count()).toBe(0);
  expect(await db.me.get('u1')).toEqual(ME);
});
