// A message's deletion; a refusal puts the message back on the screen.
import { toMessageRow } from '../../data/rows.ts';
import { outboxEntry, type WriteContext } from '../enqueue.ts';
import { deleteOnce } from '../pushRequests.ts';
import type { WriteKind } from '../writeKind.ts';

interface DeleteMessageWrite {
  kind: 'deleteMessage';
  id: string;
}

declare module '../../data/outboxTypes.ts' {
  interface WritePayloads {
    deleteMessage: DeleteMessageWrite;
  }
}

export const deleteMessage = {
  name: 'deleteMessage',
  tables: ['messages'],
  target: (write) => write.id,
  push: (ctx, write) =>
    deleteOnce(ctx, { table: 'messages', id: write.id }, (row) => ({
      table: 'messages',
      row: toMessageRow(row),
    })),
} satisfies WriteKind<DeleteMessageWrite>;

export async function enqueueDeleteMessage(ctx: WriteContext, messageId: string) {
  const { db } = ctx;
  await db.transaction('rw', [db.messages, db.outbox], async () => {
    await db.messages.delete(messageId);
    await db.outbox.add(outboxEntry(ctx, { kind: 'deleteMessage', id: messageId }));
  });
}
