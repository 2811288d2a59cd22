// A received message marked as read; only its recipient can, so the update is filtered on them too. Its 'message'
// notification is read with it, in the same transaction: the bell never counts a message already read.
import { toMessageRow } from '../../data/rows.ts';
import { MESSAGE_COLUMNS } from '../../data/columns.ts';
import { outboxEntry, type WriteContext } from '../enqueue.ts';
import { rowsOf } from '../pushRequests.ts';
import { markMessageNotificationsRead } from './markNotificationsRead.ts';
import type { WriteKind } from '../writeKind.ts';

interface MarkReadWrite {
  kind: 'markRead';
  id: string;
}

declare module '../../data/outboxTypes.ts' {
  interface WritePayloads {
    markRead: MarkReadWrite;
  }
}

export const markRead = {
  name: 'markRead',
  tables: ['messages'],
  target: (write) => write.id,
  async push(ctx, write) {
    const answer = await ctx.client
      .from('messages')
      .update({ is_read: true })
      .eq('id', write.id)
      .eq('recipient_id', ctx.userId)
      .select(MESSAGE_COLUMNS);
    const [row] = rowsOf(answer);
    return { result: 'sent', changes: row ? [{ table: 'messages', row: toMessageRow(row) }] : [] };
  },
} satisfies WriteKind<MarkReadWrite>;

export async function enqueueMarkRead(ctx: WriteContext, messageId: string) {
  const { db } = ctx;
  await db.transaction('rw', [db.messages, db.notifications, db.outbox], async () => {
    await markMessageNotificationsRead(ctx, messageId);
    const message = await db.messages.get(messageId);
    if (!message || message.is_read || message.recipient_id !== ctx.userId) return;
    await db.messages.put({ ...message, is_read: true, _unread: 0 });
    await db.outbox.add(outboxEntry(ctx, { kind: 'markRead', id: messageId }));
  });
}
