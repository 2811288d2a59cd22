// Reporting a post: a reason (spam, abusive, off-topic, or other with a few words), sent through the outbox so it
// works offline. The database takes one report per member and post.
import { useId, useState } from 'react';
import type { FailureTexts } from '../../backend/errors.ts';
import type { ReportReason } from '../../data/types.ts';
import { REPORT_DETAILS_MAX, useReportActions } from '../../state/mutations/reports.ts';
import { useDialogWrite } from '../../state/mutations/useDialogWrite.ts';
import { Button } from '../../ui/Button.tsx';
import { CountedTextArea } from '../../ui/CountedTextArea.tsx';
import { Dialog, DialogClose } from '../../ui/Dialog.tsx';
import styles from './Thread.module.css';

const REASONS: { value: ReportReason; label: string }[] = [
  { value: 'spam', label: 'Spam' },
  { value: 'abusive', label: 'Abusive' },
  { value: 'off_topic', label: 'Off-topic' },
  { value: 'other', label: 'Other' },
];

/** The database's words for an "other" report without a reason (its errcode 22023). */
const SAY_WHY = 'Please say why you are reporting this post';
const TOO_LONG = `Please keep it to ${REPORT_DETAILS_MAX} characters`;
/** SPEC has no texts for reports: short and plain. */
const REPORT_SENT = 'Thanks: the moderators will look at this post';
const REPORT_FAILED: FailureTexts = { failed: 'Failed to report post' };

/** What is wrong with the words of an "other" report; the other reasons need none. */
function detailsProblem(reason: ReportReason, details: string): string | null {
  if (reason !== 'other') return null;
  const text = details.trim();
  if (text === '') return SAY_WHY;
  return text.length > REPORT_DETAILS_MAX ? TOO_LONG : null;
}

interface ReportDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  postId: string;
  authorName: string;
  online: boolean;
}

/** The form inside the dialog: the dialog unmounts it when closed, so each opening starts empty. */
function ReportForm({ postId, online, onOpenChange }: Omit<ReportDialogProps, 'open' | 'authorName'>) {
  const actions = useReportActions();
  const id = useId();
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [details, setDetails] = useState('');
  const [error, setError] = useState<string | null>(null);
  const { busy, run } = useDialogWrite(online, () => onOpenChange(false));

  const submit = async () => {
    if (!reason) return;
    const problem = detailsProblem(reason, details);
    if (problem) {
      setError(problem);
      return;
    }
    await run(() => actions.report(postId, reason, reason === 'other' ? details : null), REPORT_SENT, REPORT_FAILED);
  };

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <fieldset className={styles.reasons}>
        <legend className="sr-only">Reason</legend>
        {REASONS.map((r) => (
          <label key={r.value} className={styles.reason}>
            <input
              type="radio"
              name={`${id}-reason`}
              value={r.value}
              checked={reason === r.value}
              onChange={() => {
                setReason(r.value);
                setError(null);
              }}
            />
            {r.label}
          </label>
        ))}
      </fieldset>
      {reason === 'other' && (
        <CountedTextArea
          label="Why are you reporting this post?"
          value={details}
          onChange={(text) => {
            setDetails(text);
            setError(null);
          }}
          count={details.trim().length}
          max={REPORT_DETAILS_MAX}
          error={error}
        />
      )}
      <div className={styles.dialogActions}>
        <DialogClose asChild>
          <Button>Cancel</Button>
        </DialogClose>
        <Button type="submit" variant="danger" disabled={busy || reason === null}>
          Report
        </Button>
      </div>
    </form>
  );
}

export function ReportDialog({ open, onOpenChange, authorName, ...form }: ReportDialogProps) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Report post"
      description={`Why should the moderators look at this post by ${authorName}?`}
    >
      <ReportForm onOpenChange={onOpenChange} {...form} />
    </Dialog>
  );
}
