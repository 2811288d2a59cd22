// One box's messages: the other party's avatar and name, subject, a preview and the time; unread ones marked in the
// inbox, a read tick on sent ones, and where a message written here stands (waiting to send, not sent).
import { Link } from '@tanstack/react-router';
import { listAge } from '../../lib/relativeTime.ts';
import type { MessageWithPeople } from '../../state/queries/messages.ts';
import { Avatar } from '../../ui/Avatar.tsx';
import { otherParty, personName } from './messageFacts.ts';
import styles from './Messages.module.css';

interface MessageListProps {
  box: 'inbox' | 'sent';
  messages: MessageWithPeople[];
  userId: string;
  openId: string | undefined;
  now: number;
  /** Received messages marked read here whose receipt waits to be sent. */
  waitingRead: ReadonlySet<string>;
}

function SentState({ message }: { message: MessageWithPeople }) {
  if (message._status === 'sending') return <span className={styles.waiting}>Waiting to send</span>;
  if (message._status === 'failed') return <span className={styles.failed}>Not sent</span>;
  return message.is_read ? (
    <span className={styles.tick} data-read="true" aria-label="Read" title="Read">
      ✓✓
    </span>
  ) : (
    <span className={styles.tick} data-read="false" aria-label="Delivered" title="Delivered">
      ✓
    </span>
  );
}

export function MessageList({ box, messages, userId, openId, now, waitingRead }: MessageListProps) {
  return (
    <ul className={styles.list} aria-label={box === 'inbox' ? 'Inbox' : 'Sent messages'}>
      {messages.map((message) => {
        const other = otherParty(message, userId);
        const unread = box === 'inbox' && !message.is_read;
        return (
          <li key={message.id} data-testid="message-row" data-unread={unread || undefined}>
            <Link
              to="/messages"
              search={{ message: message.id }}
              className={[styles.row, unread && styles.unread].filter(Boolean).join(' ')}
              aria-current={message.id === openId ? 'true' : undefined}
            >
              <Avatar src={other?.avatar_url} person={other} size={40} />
              <span className={styles.rowText}>
                <span className={styles.rowName}>
                  {box === 'sent' && <span className="sr-only">To </span>}
                  {personName(other)}
                </span>
                <span className={styles.rowSubject}>{message.subject}</span>
                <span className={styles.rowPreview}>{message.content}</span>
              </span>
              <span className={styles.rowSide}>
                <time dateTime={message.created_at}>{listAge(message.created_at, now)}</time>
                {unread && <span className={styles.dot} aria-label="Unread" role="img" />}
                {box === 'sent' && <SentState message={message} />}
                {box === 'inbox' && waitingRead.has(message.id) && (
                  <span className={styles.waiting}>Waiting to send</span>
                )}
              </span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
