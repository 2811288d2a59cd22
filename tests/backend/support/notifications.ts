// What the sender tests share: a member's notification settings, writes through REST as the app makes them, and
// the deliveries of a post or a message read past RLS.
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { TestMember } from '../members.ts';
import type { TestStack } from '../stack.ts';

export const DEFAULT_PREFERENCES = { emailReplies: true, emailMentions: true, emailMessages: true, pushEnabled: false };

export const setPreferences = (stack: TestStack, member: TestMember, prefs: Record<string, boolean>) =>
  stack.db.query('update public.profiles set notification_preferences = $2 where id = $1', [
    member.id,
    { ...DEFAULT_PREFERENCES, ...prefs },
  ]);

/** A private message sent through REST, as the app's outbox does. */
export async function sendMessage(from: TestMember, to: TestMember, subject = 'Hello there'): Promise<string> {
  const id = randomUUID();
  const { error } = await from.client
    .from('messages')
    .insert({ id, sender_id: from.id, recipient_id: to.id, subject, content: `About ${subject}: see you soon.` });
  expect(error).toBeNull();
  return id;
}

/** A reply posted through REST. */
export async function postReply(from: TestMember, threadId: string, content: string): Promise<string> {
  const id = randomUUID();
  const { error } = await from.client
    .from('posts')
    .insert({ id, thread_id: threadId, author_id: from.id, content, type: 'reply' });
  expect(error).toBeNull();
  return id;
}

export interface DeliveryRow {
  channel: string;
  state: string;
  attempts: number;
  last_error: string | null;
  wait_s: number;
}

export async function deliveriesOf(
  stack: TestStack,
  column: 'post_id' | 'message_id',
  id: string,
): Promise<DeliveryRow[]> {
  const { rows } = await stack.db.query<DeliveryRow>(
    `select d.channel, d.state, d.attempts, d.last_error,
            extract(epoch from d.next_attempt_at - now())::float8 as wait_s
     from public.notification_deliveries d join public.notifications n on n.id = d.notification_id
     where n.${column} = $1 order by d.channel`,
    [id],
  );
  return rows;
}

export const states = (rows: DeliveryRow[]) => rows.map((d) => `${d.channel}:${d.state}`);

/** A delivery is settled once the sender has recorded its outcome: neither waiting nor being sent. */
export const settled = (rows: DeliveryRow[]) =>
  rows.length > 0 && rows.every((d) => d.state !== 'queued' && d.state !== 'sending');
