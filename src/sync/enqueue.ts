// What every kind's enqueue shares: who writes, when, with which new ids, and the outbox entry it adds.
import type { Mirror } from '../data/mirror.ts';
import type { OutboxEntry, Write } from '../data/outboxTypes.ts';

export interface WriteContext {
  db: Mirror;
  userId: string;
  now: () => number;
  newId?: () => string;
}

export const newId = (ctx: WriteContext) => (ctx.newId ?? (() => crypto.randomUUID()))();

export function outboxEntry(ctx: WriteContext, write: Write): OutboxEntry {
  return { id: newId(ctx), userId: ctx.userId, write, createdAt: ctx.now(), rev: 0, attempts: 0, notBefore: 0 };
}

/** Keeps a thread the member wrote in on the device, whatever else gets evicted. */
export async function touchThread(ctx: WriteContext, threadId: string) {
  await ctx.db.keptThreads.put({ thread_id: threadId, touched_at: ctx.now() });
}
