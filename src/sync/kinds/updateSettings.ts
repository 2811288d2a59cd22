// The member's notification or privacy settings, one whole object at a time: the latest toggle wins, so a toggle
// made while an earlier one still waits joins that write instead of queueing behind it.
import type { NotificationPreferences, PrivacySettings } from '../../backend/database.ts';
import { ME_COLUMNS } from '../../data/columns.ts';
import { outboxEntry, type WriteContext } from '../enqueue.ts';
import { PushFailure, rowsOf } from '../pushRequests.ts';
import type { WriteKind } from '../writeKind.ts';

export type SettingsChange =
  | { field: 'notification_preferences'; value: NotificationPreferences }
  | { field: 'privacy_settings'; value: PrivacySettings };

/** `id` is the member's, which is their `me` row's. */
type UpdateSettingsWrite = { kind: 'updateSettings'; id: string } & SettingsChange;

declare module '../../data/outboxTypes.ts' {
  interface WritePayloads {
    updateSettings: UpdateSettingsWrite;
  }
}

export const updateSettings = {
  name: 'updateSettings',
  tables: ['me'],
  target: (write) => write.id,
  async push(ctx, write) {
    const change =
      write.field === 'notification_preferences'
        ? { notification_preferences: write.value }
        : { privacy_settings: write.value };
    const updated = rowsOf(await ctx.client.from('profiles').update(change).eq('id', write.id).select('id'));
    // No row and no error: the profile is gone, or a policy hid it; either way the server does not have it.
    if (updated.length === 0) {
      throw new PushFailure({ message: 'profile not updated', code: '42501', status: 403 });
    }
    const [me] = rowsOf(await ctx.client.from('profile_private').select(ME_COLUMNS).eq('id', write.id));
    return { result: 'sent', changes: me ? [{ table: 'me', row: me }] : [] };
  },
} satisfies WriteKind<UpdateSettingsWrite>;

/**
 * Shows the change at once and queues it, answering the id of the outbox entry that will send it; throws when this
 * device has not pulled the member's settings yet.
 */
export async function enqueueUpdateSettings(ctx: WriteContext, change: SettingsChange): Promise<string> {
  const { db } = ctx;
  return db.transaction('rw', [db.me, db.outbox], async () => {
    const me = await db.me.get(ctx.userId);
    if (!me) throw new Error('Your settings are not on this device yet. Try again when you are online.');
    await db.me.put({ ...me, [change.field]: change.value });
    const write: UpdateSettingsWrite = { kind: 'updateSettings', id: ctx.userId, ...change };
    const waiting = await db.outbox
      .where('userId')
      .equals(ctx.userId)
      .filter((e) => e.write.kind === 'updateSettings' && e.write.field === change.field)
      .first();
    if (waiting) {
      await db.outbox.put({ ...waiting, write, rev: waiting.rev + 1 });
      return waiting.id;
    }
    const entry = outboxEntry(ctx, write);
    await db.outbox.add(entry);
    return entry.id;
  });
}
