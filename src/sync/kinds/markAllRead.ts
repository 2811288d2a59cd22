// "Mark all read", for one category (categories have no subcategories) or for the whole forum: every thread the mirror holds
// shows as read at once, and the server, which knows every thread, does the same when the write lands.
import type { ThreadReadRow } from '../../data/types.ts';
import { outboxEntry, type WriteContext } from '../enqueue.ts';
import { PushFailure } from '../pushRequests.ts';
import type { WriteKind } from '../writeKind.ts';
import { raisedRead } from './readPosition.ts';

interface MarkAllReadWrite {
  kind: 'markAllRead';
  categoryId: string | null;
}

declare module '../../data/outboxTypes.ts' {
  interface WritePayloads {
    markAllRead: MarkAllReadWrite;
  }
}

export const markAllRead = {
  name: 'markAllRead',
  tables: ['threadReads'],
  target: (write) => `markAllRead/${write.categoryId ?? 'all'}`,
  async push(ctx, write) {
    // Its rows reach the mirror with the next pull, which follows every flush.
    const { error, status } = await ctx.client.rpc('mark_all_read', { category_id: write.categoryId ?? undefined });
    if (error) throw new PushFailure({ ...error, status });
    return { result: 'sent', changes: [] };
  },
} satisfies WriteKind<MarkAllReadWrite>;

export async function enqueueMarkAllRead(ctx: WriteContext, categoryId: string | null) {
  const { db } = ctx;
  await db.transaction('rw', [db.threads, db.threadReads, db.outbox], async () => {
    const threads = await db.threads.filter((t) => categoryId === null || t.category_id === categoryId).toArray();
    const current = await db.threadReads.bulkGet(threads.map((t) => t.id));
    const raised: ThreadReadRow[] = [];
    threads.forEach((t, i) => {
      const read = current[i];
      if (t.highest_post_number > (read?.last_read_post_number ?? 0)) {
        raised.push(raisedRead(ctx, read, t.id, t.highest_post_number));
      }
    });
    await db.threadReads.bulkPut(raised);
    await db.outbox.add(outboxEntry(ctx, { kind: 'markAllRead', categoryId }));
  });
}
