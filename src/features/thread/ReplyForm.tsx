// The reply box: the content editor with its toolbar at 6 rows (SPEC §9); the reply lands in the mirror at once and
// waits in the outbox when offline.
import { forwardRef, useId, useState } from 'react';
import { toast } from '../../state/toast.ts';
import { awaitConfirmation, SAVED_OFFLINE } from '../../state/mutations/confirmations.ts';
import { useReplyActions } from '../../state/mutations/replies.ts';
import { Button } from '../../ui/Button.tsx';
import { ContentEditor, type ContentEditorHandle } from '../editor/index.ts';
import { FAILURES } from '../../backend/failureTexts.ts';
import { CONTENT_TOO_LONG, isTooLong } from '../../content/postLength.ts';
import { reportError } from '../../state/errors/reportError.ts';
import { postImages } from './gallery.ts';
import styles from './Thread.module.css';

const REPLY_POSTED = 'Reply posted successfully!';

interface ReplyFormProps {
  threadId: string;
  online: boolean;
  text: string;
  onTextChange(text: string): void;
}

export const ReplyForm = forwardRef<ContentEditorHandle, ReplyFormProps>(function ReplyForm(
  { threadId, online, text, onTextChange },
  ref,
) {
  const actions = useReplyActions();
  const id = useId();
  const [busy, setBusy] = useState(false);
  const tooLong = isTooLong(text);
  const submit = async () => {
    // The database refuses it too; refused here, it never waits in the outbox only to fail.
    if (tooLong || text.trim() === '') return;
    setBusy(true);
    try {
      const id = await actions.reply(threadId, text, postImages(text));
      onTextChange('');
      // Its success is told once the server has it; offline, the member is told it is kept until then.
      if (!online) toast.success(SAVED_OFFLINE);
      awaitConfirmation({ table: 'posts', id, confirmed: REPLY_POSTED });
    } catch (error) {
      reportError(error, FAILURES.reply);
    } finally {
      setBusy(false);
    }
  };
  return (
    <form
      className={styles.replyForm}
      aria-label="Reply"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <label htmlFor={id} className={styles.replyLabel}>
        Post a reply
      </label>
      <ContentEditor
        id={id}
        ref={ref}
        rows={6}
        placeholder="Write your reply… Markdown works."
        value={text}
        onChange={onTextChange}
        aria-invalid={tooLong || undefined}
        aria-describedby={tooLong ? `${id}-error` : undefined}
      />
      <div className={styles.formActions}>
        {tooLong && (
          <span id={`${id}-error`} role="alert" className={styles.fieldError}>
            {CONTENT_TOO_LONG}
          </span>
        )}
        {!online && <span className="muted">You are offline: your reply will be sent when you are back online.</span>}
        <Button type="submit" variant="primary" disabled={busy || tooLong || text.trim() === ''}>
          Post Reply
        </Button>
      </div>
    </form>
  );
});
