// The mirror rows of writes made on this device: shown at once, marked as sending until the server has them.
import type { Mirror } from '../data/mirror.ts';
import type { NewMessageWrite, NewPost, NewThreadWrite } from '../data/outboxTypes.ts';
import { toMessageRow, toThreadRow } from '../data/rows.ts';
import type { MessageRow, PostRow, ThreadRow } from '../data/types.ts';

export function localPost(post: NewPost, at: string): PostRow {
  return { ...post, is_edited: false, version: 1, created_at: at, updated_at: at, sync_txid: 0, _status: 'sending' };
}

/** A new thread's row; the category's type comes from the mirror, for the category-type index. */
export async function localThread(db: Mirror, thread: NewThreadWrite['thread'], at: string): Promise<ThreadRow> {
  const category = await db.categories.get(thread.category_id);
  const fresh = {
    ...thread,
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
  return { ...toThreadRow(fresh, category?.type), _status: 'sending' };
}

export function localMessage(message: NewMessageWrite['message'], at: string): MessageRow {
  const row = toMessageRow({ ...message, is_read: false, created_at: at, updated_at: at, sync_txid: 0 });
  return { ...row, _status: 'sending' };
}
