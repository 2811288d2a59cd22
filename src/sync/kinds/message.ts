// A private message, with an id made on this device so a retry after a lost answer cannot send it twice.
import { toMessageRow } from '../../data/rows.ts';
import type { MessageRow } from '../../data/types.ts';
import { newId, outboxEntry, type WriteContext } from '../enqueue.ts';
import { insertOnce } from '../pushRequests.ts';
import type { WriteKind } from '../writeKind.ts';

interface NewMessageWrite {
  kind: 'message';
  message: { id: string; sender_id: string; recipient_id: string; subject: string; content: string };
}

declare module '../../data/outboxTypes.ts' {
  interface WritePayloads {
    message: NewMessageWrite;
  }
}

function localMessage(message: NewMessageWrite['message'], at: string): MessageRow {
  const row = toMessageRow({ ...message, is_read: false, created_at: at, updated_at: at, sync_txid: 0 });
  return { ...row, _status: 'sending' };
}

export const message = {
  name: 'message',
  tables: ['messages'],
  target: (write) => write.message.id,
  async push(ctx, write) {
    const stored = await insertOnce(ctx, 'messages', write.message);
    return { result: 'sent', changes: [{ table: 'messages', row: toMessageRow(stored) }] };
  },
  creates: {
    rows: (write) => [{ table: 'messages', id: write.message.id }],
    async put(db, write, at) {
      await db.messages.put(localMessage(write.message, at));
    },
  },
  text: {
    of: (write) => write.message.content,
    with: (write, content) => ({ ...write, message: { ...write.message, content } }),
    shownIn: (write) => ({ table: 'messages', id: write.message.id }),
  },
} satisfies WriteKind<NewMessageWrite>;

export async function enqueueMessage(
  ctx: WriteContext,
  input: { recipientId: string; subject: string; content: string },
) {
  const { db } = ctx;
  const write: NewMessageWrite = {
    kind: 'message',
    message: {
      id: newId(ctx),
      sender_id: ctx.userId,
      recipient_id: input.recipientId,
      subject: input.subject,
      content: input.content,
    },
  };
  const at = new Date(ctx.now()).toISOString();
  await db.transaction('rw', [db.messages, db.outbox], async () => {
    await message.creates.put(db, write, at);
    await db.outbox.add(outboxEntry(ctx, write));
  });
  return write.message.id;
}
