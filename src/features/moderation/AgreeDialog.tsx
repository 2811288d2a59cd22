// Agree on a review item: the post is hidden (or stays hidden), and its author may also be silenced or suspended for
// 1, 3, 7 or 30 days with a reason they read. Both go in one call, with the item's version: a refused penalty
// leaves the item undecided.
import { useId, useState } from 'react';
import type { Penalty, PenaltyKind, ReviewItem } from '../../backend/review.ts';
import { Button } from '../../ui/Button.tsx';
import { Dialog, DialogClose } from '../../ui/Dialog.tsx';
import { TextAreaField } from '../../ui/TextAreaField.tsx';
import { PENALTY_DAYS } from './reviewFacts.ts';
import styles from './Moderation.module.css';

export interface AgreeChoice {
  penalty: Penalty | null;
}

interface AgreeDialogProps {
  item: ReviewItem | null;
  busy: boolean;
  onClose(): void;
  onAgree(item: ReviewItem, choice: AgreeChoice): void;
}

const PENALTY_REASON_REQUIRED = 'Please give the member a reason';

export function AgreeDialog({ item, busy, onClose, onAgree }: AgreeDialogProps) {
  const who = item?.target_username ? `@${item.target_username}` : 'the author';
  return (
    <Dialog
      open={item !== null}
      onOpenChange={(open) => !open && onClose()}
      title="Agree"
      description={
        item?.post_id
          ? `The post stays hidden and its flags count as agreed. You may also penalize ${who}.`
          : `The silence stands until it ends. You may also penalize ${who}.`
      }
    >
      {item && <AgreeForm key={item.id} item={item} busy={busy} onAgree={onAgree} />}
    </Dialog>
  );
}

function AgreeForm({ item, busy, onAgree }: { item: ReviewItem } & Pick<AgreeDialogProps, 'busy' | 'onAgree'>) {
  const id = useId();
  const [kind, setKind] = useState<PenaltyKind | ''>('');
  const [days, setDays] = useState<number>(PENALTY_DAYS[0]);
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string>();
  const submit = () => {
    if (kind === '') return onAgree(item, { penalty: null });
    if (!reason.trim()) return setProblem(PENALTY_REASON_REQUIRED);
    onAgree(item, { penalty: { kind, days, reason } });
  };
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <div className={styles.filters}>
        <label className={styles.filter} htmlFor={`${id}-kind`}>
          <span>Penalty</span>
          <select
            id={`${id}-kind`}
            value={kind}
            disabled={!item.target_user_id}
            onChange={(e) => setKind(e.target.value as PenaltyKind | '')}
          >
            <option value="">None</option>
            <option value="silence">Silence</option>
            <option value="suspend">Suspend</option>
          </select>
        </label>
        {kind !== '' && (
          <label className={styles.filter} htmlFor={`${id}-days`}>
            <span>For</span>
            <select id={`${id}-days`} value={days} onChange={(e) => setDays(Number(e.target.value))}>
              {PENALTY_DAYS.map((d) => (
                <option key={d} value={d}>
                  {d === 1 ? '1 day' : `${d} days`}
                </option>
              ))}
            </select>
          </label>
        )}
      </div>
      {kind !== '' && (
        <TextAreaField
          label="Reason the member reads"
          value={reason}
          maxLength={500}
          error={problem}
          onChange={(e) => {
            setReason(e.target.value);
            setProblem(undefined);
          }}
          placeholder="Why is this member being penalized?"
        />
      )}
      <div className={styles.dialogActions}>
        <DialogClose asChild>
          <Button>Cancel</Button>
        </DialogClose>
        <Button type="submit" variant="danger" disabled={busy}>
          {kind === 'suspend' ? 'Agree and suspend' : kind === 'silence' ? 'Agree and silence' : 'Agree'}
        </Button>
      </div>
    </form>
  );
}
