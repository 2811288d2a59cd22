// Notifications marked read: at once in the mirror (the bell and the badge drop them), then by the server's
// mark_notifications_read, which only ever marks the caller's own. Sending the ids again marks nothing twice.
import { outboxEntry, type WriteContext } from '../enqueue.ts';
import { PushFailure } from '../pushRequests.ts';
import type { WriteKind } from '../writeKind.ts';

interface MarkNotificationsReadWrite {
  kind: 'markNotificationsRead';
  /** The ones unread on this device when the member asked: a later notification is not read unseen. */
  ids: string[];
}

declare module '../../data/outboxTypes.ts' {
  interface WritePayloads {
    markNotificationsRead: MarkNotificationsReadWrite;
  }
}

export const markNotificationsRead = {
  name: 'markNotificationsRead',
  tables: ['notifications'],
  // A pull keeps a row read on this device read (read is final), so no row needs holding back while this waits.
  target: (write) => `notifications-read:${write.ids.join(',')}`,
  async push(ctx, write) {
    const { error, status } = await ctx.client.rpc('mark_notifications_read', { ids: write.ids });
    if (error) throw new PushFailure({ ...error, status });
    return { result: 'sent', changes: [] };
  },
} satisfies WriteKind<MarkNotificationsReadWrite>;

/**
 * Marks read the given notifications of the member, or every unread one when no ids are given; unread ones only,
 * and nothing is queued when none is left to mark. Answers how many it marked.
 */
export async function enqueueMarkNotificationsRead(ctx: WriteContext, ids?: string[]): Promise<number> {
  const { db } = ctx;
  return db.transaction('rw', [db.notifications, db.outbox], async () => {
    const unread = await db.notifications.where('[recipient_id+_unread]').equals([ctx.userId, 1]).toArray();
    const chosen = ids ? unread.filter((n) => ids.includes(n.id)) : unread;
    if (chosen.length === 0) return 0;
    const at = new Date(ctx.now()).toISOString();
    await db.notifications.bulkPut(chosen.map((n) => ({ ...n, read_at: at, _unread: 0 as const })));
    await db.outbox.add(outboxEntry(ctx, { kind: 'markNotificationsRead', ids: chosen.map((n) => n.id) }));
    return chosen.length;
  });
}

/** Marks read the member's unread notifications of one message: opening the message is reading it. */
export async function markMessageNotificationsRead(ctx: WriteContext, messageId: string): Promise<number> {
  const { db } = ctx;
  return db.transaction('rw', [db.notifications, db.outbox], async () => {
    const unread = await db.notifications.where('[recipient_id+_unread]').equals([ctx.userId, 1]).toArray();
    const ids = unread.filter((n) => n.kind === 'message' && n.message_id === messageId).map((n) => n.id);
    return ids.length > 0 ? enqueueMarkNotificationsRead(ctx, ids) : 0;
  });
}
