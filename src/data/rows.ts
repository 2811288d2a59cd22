// Server rows to mirror rows: adds the local index fields the screens' queries need.
import type { Row } from '../backend/database.ts';
import type { CategoryType, MessageRow, NotificationKind, NotificationRow, ThreadRow } from './types.ts';

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

export function toNotificationRow(notification: Row<'notifications'>): NotificationRow {
  // The table's check constraint allows only these kinds; the generated type cannot say so.
  return { ...notification, kind: notification.kind as NotificationKind, _unread: notification.read_at ? 0 : 1 };
}
