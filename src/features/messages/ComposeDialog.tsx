// The 'New Message' dialog: To (a searchable member select), Subject and Message. Sent through the outbox, so it
// works offline; a member whose privacy setting forbids messages cannot be chosen, and the database's refusal, if it
// comes anyway, is shown here with the fields kept.
import { useEffect, useId, useMemo, useState } from 'react';
import { useAcceptsMessages, useMessageRecipients } from '../../state/queries/messages.ts';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { Field } from '../../ui/Field.tsx';
import { composeProblem, contentProblem, personName } from './messageFacts.ts';
import { RecipientPicker } from './RecipientPicker.tsx';
import { useSendMessage } from './useSendMessage.ts';
import styles from './Messages.module.css';
import { TextAreaField } from '../../ui/TextAreaField.tsx';

interface ComposeDialogProps {
  userId: string;
  open: boolean;
  onOpenChange(open: boolean): void;
  /** The member to write to when it opens (?to=). */
  initialRecipient?: string;
}

export function ComposeDialog({ userId, open, onOpenChange, initialRecipient }: ComposeDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="New Message">
      {open && <ComposeForm userId={userId} initialRecipient={initialRecipient} onDone={() => onOpenChange(false)} />}
    </Dialog>
  );
}

function ComposeForm({
  userId,
  initialRecipient,
  onDone,
}: {
  userId: string;
  initialRecipient?: string;
  onDone(): void;
}) {
  const recipients = useMessageRecipients(userId);
  const members = useMemo(() => (recipients.state === 'ready' ? recipients.data : []), [recipients]);
  const [recipientId, setRecipientId] = useState(
    initialRecipient && initialRecipient !== userId ? initialRecipient : '',
  );
  const [subject, setSubject] = useState('');
  const [content, setContent] = useState('');
  // Once Send was pressed, what is missing is said live, so it goes as soon as the fields are filled.
  const [tried, setTried] = useState(false);
  const { submit, busy, refusal, clearRefusal } = useSendMessage();
  const accepts = useAcceptsMessages(recipientId || undefined);
  const refusing = useMemo(
    () => new Set(Object.entries(accepts.answers).flatMap(([id, yes]) => (yes ? [] : [id]))),
    [accepts.answers],
  );
  const toId = useId();
  const chosen = members.find((m) => m.id === recipientId);
  const refusesChosen = accepts.answer === false;
  // Said as the member types, as the reply form says it, not after the server refused it.
  const tooLong = contentProblem(content);
  const problem = tried ? composeProblem({ recipientId, subject, content }) : null;

  // A refusal belongs to the recipient it was about.
  useEffect(clearRefusal, [recipientId, clearRefusal]);

  const send = async () => {
    const input = { recipientId, subject, content };
    setTried(true);
    if (composeProblem(input) || refusesChosen) return;
    if (await submit(input)) onDone();
  };

  return (
    <form
      aria-label="New message"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void send();
      }}
    >
      <div className={styles.textField}>
        <span className={styles.fieldLabel} id={toId}>
          To
        </span>
        <RecipientPicker
          members={members}
          value={recipientId}
          onChange={setRecipientId}
          refusing={refusing}
          labelId={toId}
        />
        {refusesChosen && chosen && (
          <span className={styles.problem} role="alert">
            {personName(chosen)} does not accept private messages.
          </span>
        )}
      </div>
      <Field label="Subject" value={subject} onChange={(e) => setSubject(e.target.value)} maxLength={300} />
      <TextAreaField
        label="Message"
        rows={6}
        value={content}
        onChange={(e) => setContent(e.target.value)}
        error={tooLong ?? undefined}
      />
      {problem && problem !== tooLong && (
        <p className={styles.problem} role="alert">
          {problem}
        </p>
      )}
      {refusal && (
        <p className={styles.problem} role="alert">
          Not sent: {refusal}
        </p>
      )}
      <div className={styles.formActions}>
        <Button onClick={onDone}>Cancel</Button>
        <Button type="submit" variant="primary" disabled={busy || refusesChosen || tooLong !== null}>
          {busy ? 'Sending...' : 'Send'}
        </Button>
      </div>
    </form>
  );
}
