// The member's notifications from the mirror: the bell's list (newest first, with who did what where), and where each
// one leads (the counts are in unreadCounts.ts).
import { Dexie } from 'dexie';
import type { Mirror } from '../mirror.ts';
import type { NotificationRow } from '../types.ts';
import { profilesById, type AuthorSummary } from './people.ts';

/** How many read notifications the bell lists at most, the newest; older ones stay in the mirror. */
const BELL_LIMIT = 50;

export interface NotificationItem extends NotificationRow {
  actor: AuthorSummary | null;
  /** The thread's title, or the message's subject, when this device has it. */
  about: string | null;
}

/** The bell's list: every unread notification first (so the list holds all that the count says), newest first,
 * then the newest read ones up to `limit` in all. */
export async function notificationList(db: Mirror, userId: string, limit = BELL_LIMIT): Promise<NotificationItem[]> {
  const unread = await db.notifications.where('[recipient_id+_unread]').equals([userId, 1]).toArray();
  unread.sort((a, b) => (a.created_at < b.created_at ? 1 : a.created_at > b.created_at ? -1 : 0));
  const read =
    unread.length >= limit
      ? []
      : await db.notifications
          .where('[recipient_id+created_at]')
          .between([userId, Dexie.minKey], [userId, Dexie.maxKey])
          .reverse()
          .filter((n) => n._unread !== 1)
          .limit(limit - unread.length)
          .toArray();
  const rows = [...unread, ...read];
  const [people, threads, messages] = await Promise.all([
    profilesById(
      db,
      rows.map((n) => n.actor_id),
    ),
    db.threads.bulkGet(rows.map((n) => n.thread_id ?? '')),
    db.messages.bulkGet(rows.map((n) => n.message_id ?? '')),
  ]);
  return rows.map((n, i) => ({
    ...n,
    actor: people.get(n.actor_id) ?? null,
    about: (n.kind === 'message' ? messages[i]?.subject : threads[i]?.title) ?? null,
  }));
}

/** The actor's name as lists show it; a deleted member's notification has none. */
function actorName(actor: AuthorSummary | null): string {
  return actor?.display_name || actor?.username || 'A former member';
}

/** What happened, in words: "Ada replied to "Title"", or "3 people liked your post" for a collapsed like. */
export function notificationText(n: Pick<NotificationItem, 'kind' | 'actor' | 'actor_count' | 'about'>): string {
  const who = actorName(n.actor);
  const where = n.about ? `"${n.about}"` : 'a thread';
  switch (n.kind) {
    case 'message':
      return n.about ? `${who} sent you a message: ${n.about}` : `${who} sent you a message`;
    case 'reply':
      return `${who} replied to ${where}`;
    case 'mention':
      return `${who} mentioned you in ${where}`;
    case 'like':
      return n.actor_count > 1 ? `${n.actor_count} people liked your post` : `${who} liked your post`;
  }
}

/** The screen a notification opens: the post in its thread, or the message. */
export function notificationHref(n: Pick<NotificationRow, 'kind' | 'thread_id' | 'post_id' | 'message_id'>): string {
  if (n.kind === 'message') return `/messages?message=${n.message_id ?? ''}`;
  return `/thread/${n.thread_id ?? ''}#post-${n.post_id ?? ''}`;
}
