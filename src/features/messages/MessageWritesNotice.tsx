// What of the member's messaging waits for a connection, and what the server refused, with Retry and Discard.
import type { FailedEntry, OutboxEntry } from '../../data/outboxTypes.ts';
import { RefusedWrite } from '../../ui/RefusedWrite.tsx';
import styles from './Messages.module.css';

const WAITING_WORDS = {
  message: ['message', 'messages'],
  markRead: ['read receipt', 'read receipts'],
  deleteMessage: ['deletion', 'deletions'],
} as const;

type MessageKind = keyof typeof WAITING_WORDS;

function isMessageKind(kind: string): kind is MessageKind {
  return kind in WAITING_WORDS;
}

/** "1 message and 2 deletions waiting to send", or null when nothing waits. */
function waitingSummary(waiting: Pick<OutboxEntry, 'write'>[]): string | null {
  const counts = new Map<MessageKind, number>();
  for (const { write } of waiting) {
    if (isMessageKind(write.kind)) counts.set(write.kind, (counts.get(write.kind) ?? 0) + 1);
  }
  const parts = [...counts].map(([kind, n]) => `${n} ${WAITING_WORDS[kind][n === 1 ? 0 : 1]}`);
  if (parts.length === 0) return null;
  const list = parts.length === 1 ? parts[0] : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
  return `${list} waiting to send`;
}

const REFUSED_WHAT: Record<MessageKind, string> = {
  message: 'Message not sent',
  markRead: 'Message not marked read',
  deleteMessage: 'Message not deleted',
};

export function MessageWritesNotice({ waiting, failed }: { waiting: OutboxEntry[]; failed: FailedEntry[] }) {
  const summary = waitingSummary(waiting);
  return (
    <>
      {summary && (
        <p className={styles.notice} role="status">
          {summary}
        </p>
      )}
      {failed.map((entry) => {
        const what = isMessageKind(entry.write.kind) ? REFUSED_WHAT[entry.write.kind] : 'Not sent';
        const subject = entry.write.kind === 'message' ? ` ('${entry.write.message.subject}')` : '';
        return (
          <RefusedWrite
            key={entry.id}
            entryId={entry.id}
            label={what}
            what={`${what}${subject}`}
            reason={entry.reason}
          />
        );
      })}
    </>
  );
}
