// What of the member's messaging waits for a connection, and what the server refused, with Retry and Discard.
import type { FailedEntry, OutboxEntry } from '../../data/outboxTypes.ts';
import { isMessageKind, waitingSummary, type MessageKind } from './waitingSummary.ts';
import { RefusedWrite } from '../../ui/RefusedWrite.tsx';
import styles from './Messages.module.css';

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
