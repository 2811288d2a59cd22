// "Delete spammer" on a review item, for moderators and admins: one confirmation, then one call that bans the item's
// member with every post of theirs deleted (their email cannot sign up again) and decides their pending items as
// agreed. The database refuses it for staff and for members of trust level 2 or more, saying so.
import type { ReviewItem } from '../../backend/review.ts';
import { Button } from '../../ui/Button.tsx';
import { Dialog, DialogClose } from '../../ui/Dialog.tsx';
import { SPAMMER_REASON } from './reviewFacts.ts';
import styles from './Moderation.module.css';

interface DeleteSpammerDialogProps {
  item: ReviewItem | null;
  busy: boolean;
  onClose(): void;
  onConfirm(item: ReviewItem): void;
}

export function DeleteSpammerDialog({ item, busy, onClose, onConfirm }: DeleteSpammerDialogProps) {
  const who = item?.target_username ? `@${item.target_username}` : 'this member';
  return (
    <Dialog
      open={item !== null}
      onOpenChange={(open) => !open && onClose()}
      title="Delete spammer"
      description={
        `Ban ${who} for “${SPAMMER_REASON}”, delete every post of theirs and close their items in the queue. ` +
        'Their email cannot be used to sign up again. This cannot be undone.'
      }
    >
      <div className={styles.dialogActions}>
        <DialogClose asChild>
          <Button autoFocus>Cancel</Button>
        </DialogClose>
        <Button variant="danger" disabled={busy} onClick={() => item && onConfirm(item)}>
          Delete spammer
        </Button>
      </div>
    </Dialog>
  );
}
