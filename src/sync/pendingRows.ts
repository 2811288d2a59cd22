// When the member on the device changes, unsent rows follow their author: hidden from others, shown again to them.
import type { Mirror } from '../data/mirror.ts';
import type { OutboxEntry, Write } from '../data/outboxTypes.ts';
import { localMessage, localPost, localThread } from './localRows.ts';

type CreatedRow = { table: 'threads' | 'posts' | 'messages'; id: string };

function createdRows(write: Write): CreatedRow[] {
  if (write.kind === 'thread') {
    return [
      { table: 'threads', id: write.thread.id },
      { table: 'posts', id: write.post.id },
    ];
  }
  if (write.kind === 'reply') return [{ table: 'posts', id: write.post.id }];
  if (write.kind === 'message') return [{ table: 'messages', id: write.message.id }];
  return [];
}

async function putCreated(db: Mirror, entry: OutboxEntry) {
  const at = new Date(entry.createdAt).toISOString();
  const { write } = entry;
  if (write.kind === 'thread') {
    await db.threads.put(await localThread(db, write.thread, at));
    await db.posts.put(localPost(write.post, at));
  } else if (write.kind === 'reply') {
    await db.posts.put(localPost(write.post, at));
  } else if (write.kind === 'message') {
    await db.messages.put(localMessage(write.message, at));
  }
}

export async function showPendingOf(db: Mirror, userId: string | null) {
  await db.transaction('rw', [db.outbox, db.threads, db.posts, db.messages, db.categories], async () => {
    for (const entry of await db.outbox.toArray()) {
      if (entry.userId === userId) {
        const missing = await Promise.all(createdRows(entry.write).map((r) => db.table(r.table).get(r.id)));
        if (missing.some((row) => row === undefined)) await putCreated(db, entry);
      } else {
        for (const row of createdRows(entry.write)) await db.table(row.table).delete(row.id);
      }
    }
  });
}
