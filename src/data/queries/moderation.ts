// The thread screen's moderation reads: thread tool changes that still wait to send.
import type { Mirror } from '../mirror.ts';

/** Whether a thread tool change (pin, lock, ad, move) of this thread waits in the outbox. */
export async function threadChangeWaiting(db: Mirror, threadId: string): Promise<boolean> {
  const entry = await db.outbox.filter((e) => e.write.kind === 'updateThread' && e.write.id === threadId).first();
  return entry !== undefined;
}
