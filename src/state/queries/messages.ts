// The signed-in member's messages, read live from the mirror: the inbox, the sent list, one message with its
// conversation, the members one may write to, and what waits to be sent (the unread count is in unreadCounts.ts).
import { useEffect, useState } from 'react';
import { inbox, messageRecipients, messageWithConversation, messageWrites, sent } from '../../data/queries/messages.ts';
import { useBackend } from '../BackendContext.tsx';
import { useSyncStatus } from '../sync/SyncContext.tsx';
import { useMirrorQuery } from './useMirrorQuery.ts';

export { baseSubject, type MessageWithPeople } from '../../data/queries/messages.ts';
export type { AuthorSummary } from '../../data/queries/people.ts';

export function useMessageLists(userId: string) {
  return useMirrorQuery(
    async (db) => {
      const [received, sentByMe] = await Promise.all([inbox(db, userId), sent(db, userId)]);
      return { inbox: received, sent: sentByMe };
    },
    [userId],
  );
}

export function useMessage(userId: string, id: string | undefined) {
  return useMirrorQuery((db) => (id ? messageWithConversation(db, userId, id) : null), [userId, id]);
}

export function useMessageRecipients(userId: string) {
  return useMirrorQuery((db) => messageRecipients(db, userId), [userId]);
}

export function useMessageWrites(userId: string) {
  return useMirrorQuery((db) => messageWrites(db, userId), [userId]);
}

/**
 * Whether a member accepts private messages (their privacy setting, which only the database may read): 'unknown'
 * while asking or offline. The database refuses a message to them anyway; this lets the dialog say so first.
 */
export function useAcceptsMessages(recipientId: string | undefined) {
  const client = useBackend();
  const { online, unreachable } = useSyncStatus();
  const reachable = online && !unreachable;
  const [answers, setAnswers] = useState<Record<string, boolean>>({});
  useEffect(() => {
    if (!recipientId || !reachable || recipientId in answers) return;
    let current = true;
    void client.rpc('accepts_messages', { recipient: recipientId }).then(({ data, error }) => {
      // An unanswered question leaves it unknown: the database still decides when the message is sent.
      if (current && !error && typeof data === 'boolean') setAnswers((a) => ({ ...a, [recipientId]: data }));
    });
    return () => {
      current = false;
    };
  }, [client, recipientId, reachable, answers]);
  const answer = recipientId ? answers[recipientId] : undefined;
  return { answer: answer === undefined ? ('unknown' as const) : answer, answers };
}
