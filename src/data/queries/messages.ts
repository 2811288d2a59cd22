// The member's messages from the mirror: inbox and sent, newest first, with both people; one message with the
// earlier ones of its conversation; the members one may write to; and what waits to be sent (the unread count is in
// unreadCounts.ts).
import { Dexie } from 'dexie';
import type { Mirror } from '../mirror.ts';
import type { FailedEntry, OutboxEntry } from '../outboxTypes.ts';
import type { MessageRow } from '../types.ts';
import { profilesById, type AuthorSummary } from './people.ts';
import { compareText } from '../../lib/formatCount.ts';

export interface MessageWithPeople extends MessageRow {
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

function newestFirst(db: Mirror, index: '[recipient_id+created_at]' | '[sender_id+created_at]', userId: string) {
  return db.messages.where(index).between([userId, Dexie.minKey], [userId, Dexie.maxKey]).reverse().toArray();
}

export async function inbox(db: Mirror, userId: string): Promise<MessageWithPeople[]> {
  return withPeople(db, await newestFirst(db, '[recipient_id+created_at]', userId));
}

export async function sent(db: Mirror, userId: string): Promise<MessageWithPeople[]> {
  return withPeople(db, await newestFirst(db, '[sender_id+created_at]', userId));
}

/** A subject without the 'Re: ' prefixes replies add, so a reply and its original share one conversation. */
export function baseSubject(subject: string): string {
  return subject.replace(/^(\s*re:\s*)+/i, '').trim();
}

/**
 * One of the member's messages, with the earlier messages between the same two members on the same subject,
 * oldest first. Null when the mirror does not hold it (deleted, or not the member's).
 */
export async function messageWithConversation(db: Mirror, userId: string, id: string) {
  const message = await db.messages.get(id);
  if (!message || (message.sender_id !== userId && message.recipient_id !== userId)) return null;
  const other = message.sender_id === userId ? message.recipient_id : message.sender_id;
  const subject = baseSubject(message.subject).toLowerCase();
  const between = await db.messages
    .where('[sender_id+created_at]')
    .between([userId, Dexie.minKey], [userId, message.created_at])
    .filter((m) => m.recipient_id === other)
    .toArray();
  const received = await db.messages
    .where('[recipient_id+created_at]')
    .between([userId, Dexie.minKey], [userId, message.created_at])
    .filter((m) => m.sender_id === other)
    .toArray();
  const earlier = [...between, ...received]
    .filter((m) => m.id !== id && baseSubject(m.subject).toLowerCase() === subject)
    .sort((a, b) => compareText(a.created_at, b.created_at));
  const [shown, ...before] = await withPeople(db, [message, ...earlier]);
  return { message: shown!, earlier: before };
}

/** SPEC §7 "GET profiles: id and username excluding self, ordered by username" (message recipients). */
export async function messageRecipients(db: Mirror, userId: string): Promise<AuthorSummary[]> {
  const people = await db.profiles
    .orderBy('username')
    .filter((p) => p.id !== userId)
    .toArray();
  return people.map(({ id, username, display_name, avatar_url, role }) => ({
    id,
    username,
    display_name,
    avatar_url,
    role,
  }));
}

const MESSAGE_WRITES = new Set(['message', 'markRead', 'deleteMessage']);

/** The member's message writes still in the outbox, and those the server refused. */
export async function messageWrites(db: Mirror, userId: string) {
  const ofMessages = (entry: OutboxEntry | FailedEntry) => MESSAGE_WRITES.has(entry.write.kind);
  const [waiting, failed] = await Promise.all([
    db.outbox.where('userId').equals(userId).filter(ofMessages).toArray(),
    db.failed.where('userId').equals(userId).filter(ofMessages).toArray(),
  ]);
  return { waiting, failed };
}

/**
 * Where a message written here stands: waiting in the outbox ('retrying' once a send got no answer or a server
 * error), on the server, or refused with the server's reason.
 */
export async function sendStatus(
  db: Mirror,
  id: string,
): Promise<{ state: 'sending' | 'retrying' | 'sent' } | { state: 'refused'; reason: string; entryId: string }> {
  const row = await db.messages.get(id);
  if (row?._status === 'sending') {
    const entryId = await waitingEntryId(db, 'message', id);
    const entry = entryId ? await db.outbox.where('id').equals(entryId).first() : undefined;
    return { state: entry && entry.attempts > 0 ? 'retrying' : 'sending' };
  }
  const failed = await db.failed.filter((f) => f.write.kind === 'message' && f.write.message.id === id).first();
  return failed ? { state: 'refused', reason: failed.reason, entryId: failed.id } : { state: 'sent' };
}

/** The id of the outbox entry that sends this write of a message, if it still waits. */
export async function waitingEntryId(db: Mirror, kind: 'message' | 'deleteMessage', id: string) {
  const entry = await db.outbox
    .filter(
      (e) =>
        (kind === 'message' && e.write.kind === 'message' && e.write.message.id === id) ||
        (kind === 'deleteMessage' && e.write.kind === 'deleteMessage' && e.write.id === id),
    )
    .last();
  return entry?.id;
}
