// The highest post of a thread the member has seen: raised at once in the mirror, never lowered, and sent as one
// waiting write per thread, the latest, however many moves the member makes while it waits.
import type { ThreadReadRow } from '../../data/types.ts';
import { outboxEntry, type WriteContext } from '../enqueue.ts';
import { rowsOf } from '../pushRequests.ts';
import type { WriteKind } from '../writeKind.ts';

interface ReadPositionWrite {
  kind: 'readPosition';
  threadId: string;
  postNumber: number;
}

declare module '../../data/outboxTypes.ts' {
  interface WritePayloads {
    readPosition: ReadPositionWrite;
  }
}

/**
 * What a waiting read position holds back from pulls: its own row, named apart from the thread's id, so the
 * thread's row (its replies, its last post number) still arrives while the position waits.
 */
export const readPositionTarget = (threadId: string) => `threadReads/${threadId}`;

export const readPosition = {
  name: 'readPosition',
  tables: ['threadReads'],
  target: (write) => readPositionTarget(write.threadId),
  async push(ctx, write) {
    const answer = await ctx.client.rpc('mark_thread_read', {
      thread_id: write.threadId,
      post_number: write.postNumber,
    });
    // The thread is gone (deleted, or hidden from the member): there is no position left to keep, nor to show.
    if (answer.status === 404) return { result: 'sent', changes: [{ table: 'threadReads', deleted: write.threadId }] };
    const [row] = rowsOf(answer);
    return {
      result: 'sent',
      changes: row ? [{ table: 'threadReads', row }] : [],
    };
  },
  // A later move joined it while this one was on the wire: whatever landed, the higher one goes next.
  afterLostAnswer: (waiting, sent) => ({ ...waiting, postNumber: Math.max(waiting.postNumber, sent.postNumber) }),
} satisfies WriteKind<ReadPositionWrite>;

/** The member's row for a thread raised to `postNumber`, marked as waiting to be sent. */
export function raisedRead(
  ctx: WriteContext,
  current: ThreadReadRow | undefined,
  threadId: string,
  postNumber: number,
): ThreadReadRow {
  return {
    user_id: ctx.userId,
    thread_id: threadId,
    last_read_post_number: postNumber,
    updated_at: new Date(ctx.now()).toISOString(),
    sync_txid: current?.sync_txid ?? 0,
    _status: 'sending',
  };
}

/**
 * Raises the member's read position in a thread to `postNumber` (never lowers it) and queues it: into the write of
 * this thread that still waits, when there is one, so many moves make one write.
 */
export async function enqueueReadPosition(ctx: WriteContext, threadId: string, postNumber: number) {
  const { db } = ctx;
  if (!Number.isInteger(postNumber) || postNumber < 1) return;
  await db.transaction('rw', [db.threadReads, db.outbox], async () => {
    const current = await db.threadReads.get(threadId);
    if (current && current.last_read_post_number >= postNumber) return;
    await db.threadReads.put(raisedRead(ctx, current, threadId, postNumber));
    const waiting = await db.outbox
      .where('userId')
      .equals(ctx.userId)
      .filter((e) => e.write.kind === 'readPosition' && e.write.threadId === threadId)
      .first();
    if (waiting?.write.kind === 'readPosition') {
      const write = { ...waiting.write, postNumber: Math.max(waiting.write.postNumber, postNumber) };
      await db.outbox.put({ ...waiting, write, rev: waiting.rev + 1 });
      return;
    }
    await db.outbox.add(outboxEntry(ctx, { kind: 'readPosition', threadId, postNumber }));
  });
}
