// The thread screen's moderation reads: the posts the member reported from this device, and thread tool changes
// that still wait to send.
import { Dexie } from 'dexie';
import type { Mirror } from '../mirror.ts';

/** The ids of the posts the member reported from this device, sent, waiting or refused. */
export async function reportedPosts(db: Mirror, userId: string): Promise<ReadonlySet<string>> {
  const rows = await db.reports
    .where('[reporter_id+post_id]')
    .between([userId, Dexie.minKey], [userId, Dexie.maxKey])
    .toArray();
  return new Set(rows.map((r) => r.post_id));
}

/** Whether a thread tool change (pin, lock, ad, move) of this thread waits in the outbox. */
export async function threadChangeWaiting(db: Mirror, threadId: string): Promise<boolean> {
  const entry = await db.outbox.filter((e) => e.write.kind === 'updateThread' && e.write.id === threadId).first();
  return entry !== undefined;
}
