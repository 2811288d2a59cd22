// The member's messages from the mirror: inbox and sent, newest first, with both people; and the unread count.
import { Dexie } from 'dexie';
import type { Mirror } from '../mirror.ts';
import type { MessageRow } from '../types.ts';
import { profilesById, type AuthorSummary } from './people.ts';

interface MessageWithPeople extends MessageRow {
  sender: AuthorSummary | null;
  recipient: AuthorSummary | null;
}

async function withPeople(db: Mirror, messages: MessageRow[]): Promise<MessageWithPeople[]> {
  const people = await profilesById(
    db,
    messages.flatMap((m) => [m.sender_id, m.recipient_id]),
  );
  return messages.map((m) => ({
    ...m,
    sender: people.get(m.sender_id) ?? null,
    recipient: people.get(m.recipient_id) ?? null,
  }));
}

export async function inbox(db: Mirror, userId: string): Promise<MessageWithPeople[]> {
  const rows = await db.messages
    .where('[recipient_id+created_at]')
    .between([userId, Dexie.minKey], [userId, Dexie.maxKey])
    .reverse()
    .toArray();
  return withPeople(db, rows);
}

export function unreadCount(db: Mirror, userId: string): Promise<number> {
  return db.messages.where('[recipient_id+_unread]').equals([userId, 1]).count();
}
