// Server rows to mirror rows: adds the local index fields the screens' queries need.
import type { Row } from '../backend/database.ts';
import type { CategoryType, MessageRow, ThreadRow } from './types.ts';

export function toThreadRow(thread: Row<'threads'>, categoryType: CategoryType | undefined): ThreadRow {
  return {
    ...thread,
    _category_type: categoryType ?? '',
    _pin: thread.is_pinned ? 1 : 0,
    _active_at:
      thread.last_reply_at && thread.last_reply_at > thread.created_at ? thread.last_reply_at : thread.created_at,
  };
}

export function toMessageRow(message: Row<'messages'>): MessageRow {
  return { ...message, _unread: message.is_read ? 0 : 1 };
}
