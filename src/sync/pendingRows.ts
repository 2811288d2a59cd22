// When the member on the device changes, unsent rows follow their author: hidden from others, shown again to them.
import type { Mirror } from '../data/mirror.ts';
import type { OutboxEntry, Write } from '../data/outboxTypes.ts';
import { toMessageRow, toThreadRow } from '../data/rows.ts';
import type { PostRow } from '../data/types.ts';

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
  const post = (p: Omit<PostRow, 'is_edited' | 'version' | 'created_at' | 'updated_at' | 'sync_txid'>): PostRow => ({
    ...p,
    is_edited: false,
    version: 1,
    created_at: at,
    updated_at: at,
    sync_txid: 0,
    _status: 'sending',
  });
  if (write.kind === 'thread') {
    const category = await db.categories.get(write.thread.category_id);
    const base = {
      ...write.thread,
      is_pinned: false,
      is_locked: false,
      is_ad: false,
      view_count: 0,
      reply_count: 0,
      last_reply_at: null,
      created_at: at,
      updated_at: at,
      sync_txid: 0,
    };
    await db.threads.put({ ...toThreadRow(base, category?.type), _status: 'sending' });
    await db.posts.put(post(write.post));
  } else if (write.kind === 'reply') {
    await db.posts.put(post(write.post));
  } else if (write.kind === 'message') {
    const row = toMessageRow({ ...write.message, is_read: false, created_at: at, updated_at: at, sync_txid: 0 });
    await db.messages.put({ ...row, _status: 'sending' });
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
