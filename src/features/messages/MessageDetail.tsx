// The detail pane: the opened message under the earlier ones of the same two members and subject, with reply (inbox
// only), delete (confirmed) and close. Opening an unread received message marks it read.
import { useEffect, useState } from 'react';
import { toast } from '../../state/toast.ts';
import { FAILURES } from '../../backend/failureTexts.ts';
import { listAge } from '../../lib/relativeTime.ts';
import { reportError } from '../../state/errors/reportError.ts';
import { SAVED_OFFLINE } from '../../state/mutations/confirmations.ts';
import { useMessageActions } from '../../state/mutations/messages.ts';
import type { MessageWithPeople } from '../../state/queries/messages.ts';
import { Avatar } from '../../ui/Avatar.tsx';
import { Button } from '../../ui/Button.tsx';
import { Dialog, DialogClose } from '../../ui/Dialog.tsx';
import { Icon } from '../../ui/icons.tsx';
import { contentProblem, personName, replySubject } from './messageFacts.ts';
import { useSendMessage } from './useSendMessage.ts';
import styles from './Messages.module.css';
import { TextAreaField } from '../../ui/TextAreaField.tsx';

interface MessageDetailProps {
  userId: string;
  message: MessageWithPeople;
  earlier: MessageWithPeople[];
  now: number;
  onClose(): void;
}

function Bubble({
  message,
  userId,
  opened,
  now,
}: {
  message: MessageWithPeople;
  userId: string;
  opened: boolean;
  now: number;
}) {
  const mine = message.sender_id === userId;
  return (
    <article
      className={styles.bubble}
      data-mine={mine}
      data-opened={opened}
      aria-label={`From ${personName(message.sender)}`}
    >
      <header className={styles.bubbleHead}>
        <Avatar src={message.sender?.avatar_url} person={message.sender} size={28} />
        <strong>{mine ? 'You' : personName(message.sender)}</strong>
        {!opened && <span className="muted">{message.subject}</span>}
        <time dateTime={message.created_at}>{listAge(message.created_at, now)}</time>
      </header>
      <p className={styles.bubbleBody}>{message.content}</p>
    </article>
  );
}

function ReplyBox({ message, onSent }: { message: MessageWithPeople; onSent(): void }) {
  const [text, setText] = useState('');
  const { submit, busy, refusal } = useSendMessage();
  const tooLong = contentProblem(text);
  const send = async () => {
    // SPEC §5: a reply needs non-empty text; the button stays off until it has some.
    if (!text.trim() || tooLong) return;
    const done = await submit({
      recipientId: message.sender_id,
      subject: replySubject(message.subject),
      content: text,
    });
    if (done) {
      setText('');
      onSent();
    }
  };
  return (
    <form
      aria-label="Reply"
      onSubmit={(e) => {
        e.preventDefault();
        void send();
      }}
    >
      <TextAreaField
        label={`Reply to ${personName(message.sender)}`}
        value={text}
        onChange={(e) => setText(e.target.value)}
        error={tooLong ?? undefined}
      />
      {refusal && (
        <p className={styles.problem} role="alert">
          Not sent: {refusal}
        </p>
      )}
      <div className={styles.formActions}>
        <Button type="submit" variant="primary" disabled={busy || !text.trim() || tooLong !== null}>
          {busy ? 'Sending...' : 'Send Reply'}
        </Button>
      </div>
    </form>
  );
}

function DeleteButton({ messageId, onDeleted }: { messageId: string; onDeleted(): void }) {
  const { remove } = useMessageActions();
  const [asking, setAsking] = useState(false);
  const confirm = async () => {
    setAsking(false);
    try {
      const { waiting } = await remove(messageId);
      // Online, 'Message deleted' comes once the server has the deletion (ConfirmationToasts).
      if (waiting) toast.success(SAVED_OFFLINE);
      onDeleted();
    } catch (error) {
      reportError(error, FAILURES.deleteMessage);
    }
  };
  return (
    <>
      <Button variant="ghost" onClick={() => setAsking(true)}>
        Delete
      </Button>
      <Dialog
        open={asking}
        onOpenChange={setAsking}
        title="Delete message"
        description="Are you sure you want to delete this message?"
      >
        <div className={styles.formActions}>
          <DialogClose asChild>
            <Button autoFocus>Cancel</Button>
          </DialogClose>
          <Button variant="danger" onClick={() => void confirm()}>
            Delete
          </Button>
        </div>
      </Dialog>
    </>
  );
}

export function MessageDetail({ userId, message, earlier, now, onClose }: MessageDetailProps) {
  const { markRead } = useMessageActions();
  const received = message.recipient_id === userId;
  const [replying, setReplying] = useState(false);
  useEffect(() => {
    if (received && !message.is_read) {
      markRead(message.id).catch((error: unknown) => reportError(error));
    }
  }, [received, message.id, message.is_read, markRead]);
  const actions = (
    <>
      {received && (
        <Button variant="primary" onClick={() => setReplying(true)}>
          Reply
        </Button>
      )}
      <DeleteButton messageId={message.id} onDeleted={onClose} />
    </>
  );
  return (
    <section aria-label="Message">
      <div className={styles.detailHead}>
        <Button variant="ghost" iconOnly className={styles.back} onClick={onClose} aria-label="Back to messages">
          <Icon name="chevronLeft" />
        </Button>
        <div className={styles.detailWho}>
          <h2 className={styles.detailTitle}>{message.subject}</h2>
          <p className={`muted ${styles.detailFrom}`}>
            {received ? `From ${personName(message.sender)}` : `To ${personName(message.recipient)}`}
            {message._status === 'sending' && <span className={styles.waiting}> · Waiting to send</span>}
          </p>
        </div>
        <div className={styles.detailActions}>
          {actions}
          <Button variant="ghost" iconOnly onClick={onClose} aria-label="Close message">
            <Icon name="close" />
          </Button>
        </div>
      </div>
      <div className={styles.phoneActions}>{actions}</div>
      {earlier.length > 0 && <p className={styles.earlierLabel}>Earlier in this conversation</p>}
      {earlier.map((m) => (
        <Bubble key={m.id} message={m} userId={userId} opened={false} now={now} />
      ))}
      <Bubble message={message} userId={userId} opened now={now} />
      {received && replying && <ReplyBox message={message} onSent={() => setReplying(false)} />}
    </section>
  );
}
