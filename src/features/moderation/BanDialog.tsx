// The ban dialog (SPEC §2, §5 "Ban"): a required reason and 'Delete all posts by this user', then the confirmation
// with its note when the posts will go. The ban itself is one call; the database does it all or nothing.
import { useState } from 'react';
import { useMirrorActions } from '../../state/mutations/mirror.ts';
import { useBanMember } from '../../state/server/moderation.ts';
import { Button } from '../../ui/Button.tsx';
import { Checkbox } from '../../ui/Checkbox.tsx';
import { Dialog, DialogClose } from '../../ui/Dialog.tsx';
import { BAN_REASON_REQUIRED, banConfirmation } from './moderationFacts.ts';
import styles from './Moderation.module.css';
import { TextAreaField } from '../../ui/TextAreaField.tsx';

export interface BanTarget {
  id: string;
  username: string;
}

interface BanDialogProps {
  target: BanTarget | null;
  onClose(): void;
  /** After the server confirmed the ban. */
  onBanned(target: BanTarget): void;
}

export function BanDialog({ target, onClose, onBanned }: BanDialogProps) {
  return (
    <Dialog
      open={target !== null}
      onOpenChange={(open) => !open && onClose()}
      title={target ? `Ban ${target.username}` : 'Ban User'}
    >
      {/* Keyed by the member, so a dialog opened for another starts empty. */}
      {target && <BanForm key={target.id} target={target} onClose={onClose} onBanned={onBanned} />}
    </Dialog>
  );
}

function BanForm({ target, onClose, onBanned }: { target: BanTarget } & Omit<BanDialogProps, 'target'>) {
  const banMember = useBanMember();
  const { pull } = useMirrorActions();
  const [reason, setReason] = useState('');
  const [deletePosts, setDeletePosts] = useState(false);
  const [problem, setProblem] = useState<string>();
  const [confirming, setConfirming] = useState(false);
  const ask = () => {
    if (!reason.trim()) setProblem(BAN_REASON_REQUIRED);
    else setConfirming(true);
  };
  const ban = async () => {
    if (!(await banMember.run(target.id, reason, deletePosts)).ok) return;
    onBanned(target);
    // Deleted posts leave this device's mirror too.
    if (deletePosts) void pull();
    onClose();
  };
  const busy = banMember.pending;
  if (confirming)
    return (
      <>
        <p className={styles.confirm}>{banConfirmation(target.username, deletePosts)}</p>
        <div className={styles.dialogActions}>
          <Button onClick={() => setConfirming(false)} disabled={busy}>
            Back
          </Button>
          <Button variant="danger" onClick={() => void ban()} disabled={busy}>
            {busy ? 'Banning...' : 'Ban User'}
          </Button>
        </div>
      </>
    );
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        ask();
      }}
    >
      <TextAreaField
        label="Reason"
        value={reason}
        maxLength={1000}
        error={problem}
        onChange={(e) => {
          setReason(e.target.value);
          setProblem(undefined);
        }}
        placeholder="Why is this member being banned?"
      />
      <Checkbox checked={deletePosts} onCheckedChange={setDeletePosts} label="Delete all posts by this user" />
      <div className={styles.dialogActions}>
        <DialogClose asChild>
          <Button>Cancel</Button>
        </DialogClose>
        <Button type="submit" variant="danger">
          Ban User
        </Button>
      </div>
    </form>
  );
}
