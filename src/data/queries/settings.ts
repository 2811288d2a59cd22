// The member's settings as this device holds them: the `me` row, which of its two objects still wait to be sent,
// and the settings writes the server refused.
import type { Mirror } from '../mirror.ts';

export type SettingsField = 'notification_preferences' | 'privacy_settings';

export async function ownSettings(db: Mirror, userId: string) {
  const [me, outbox, failed] = await Promise.all([
    db.me.get(userId),
    db.outbox.where('userId').equals(userId).toArray(),
    db.failed.where('userId').equals(userId).toArray(),
  ]);
  const fieldOf = (write: (typeof outbox)[number]['write']): SettingsField | null =>
    write.kind === 'updateSettings' ? write.field : null;
  return {
    me: me ?? null,
    waiting: new Set(outbox.map((e) => fieldOf(e.write)).filter((f) => f !== null)),
    refused: failed.flatMap((entry) => {
      const field = fieldOf(entry.write);
      return field ? [{ field, entry }] : [];
    }),
  };
}
