// A write the server refused: its reason with Retry, Edit and Discard; an edit conflict shows both texts instead.
import { useState } from 'react';
import { useFailedWriteActions } from '../../state/mutations/failedWrites.ts';
import { FAILURES } from '../../backend/failureTexts.ts';
import type { FailedEntry } from '../../data/outboxTypes.ts';
import { Markdown } from '../../content/Markdown.tsx';
import { Button } from '../../ui/Button.tsx';
import { Icon } from '../../ui/icons.tsx';
import { failedText } from '../../state/queries/failedWrites.ts';
import { reportError } from '../../state/errors/reportError.ts';
import { TextEditor } from './TextEditor.tsx';
import styles from './Thread.module.css';

/** Runs a failed-list action; a local database error is rare but must not vanish. */
async function attempt(action: () => Promise<void>) {
  try {
    await action();
  } catch (error) {
    reportError(error, FAILURES.failedList);
  }
}

export function FailedWriteNotice({ entry }: { entry: FailedEntry }) {
  const actions = useFailedWriteActions();
  const [editing, setEditing] = useState(false);
  const text = failedText(entry.write);

  // A conflict is an edit's: the server's text changed since the member's edit began, and both have words.
  if (entry.conflict && text !== null) {
    return (
      <section className={styles.failed} role="group" aria-label="Edit conflict">
        <p className={styles.failedReason}>
          <Icon name="alert" size={16} aria-hidden /> This post was changed elsewhere while you were editing it. Which
          text should it keep?
        </p>
        <div className={styles.conflict}>
          <div>
            <h3>Your text</h3>
            <Markdown>{text}</Markdown>
          </div>
          <div>
            <h3>Their text</h3>
            <Markdown>{entry.conflict.theirs}</Markdown>
          </div>
        </div>
        <div className={styles.formActions}>
          <Button onClick={() => void attempt(() => actions.resolveConflict(entry.id, 'theirs'))}>Take theirs</Button>
          <Button variant="primary" onClick={() => void attempt(() => actions.resolveConflict(entry.id, 'mine'))}>
            Keep mine
          </Button>
        </div>
      </section>
    );
  }

  return (
    <section className={styles.failed} role="group" aria-label="Not sent">
      <p className={styles.failedReason}>
        <Icon name="alert" size={16} aria-hidden /> Not sent: {entry.reason}
      </p>
      {editing && text !== null ? (
        <TextEditor
          label="Edit the text and send it again"
          initial={text}
          saveLabel="Send again"
          onCancel={() => setEditing(false)}
          onSave={(next) => attempt(() => actions.editFailed(entry.id, next))}
        />
      ) : (
        <div className={styles.formActions}>
          <Button onClick={() => void attempt(() => actions.discardFailed(entry.id))}>Discard</Button>
          {text !== null && <Button onClick={() => setEditing(true)}>Edit</Button>}
          <Button variant="primary" onClick={() => void attempt(() => actions.retryFailed(entry.id))}>
            Retry
          </Button>
        </div>
      )}
    </section>
  );
}
