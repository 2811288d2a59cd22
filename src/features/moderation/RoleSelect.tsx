// The users table's Role select (User, Moderator, Admin): a choice is asked again in the spec's words, then sent.
import { useState } from 'react';
import type { Role } from '../../data/types.ts';
import { Button } from '../../ui/Button.tsx';
import { Dialog, DialogClose } from '../../ui/Dialog.tsx';
import { Select } from '../../ui/Select.tsx';
import { ROLE_OPTIONS } from './moderationFacts.ts';
import styles from './Moderation.module.css';

const isRole = (value: string): value is Role => ROLE_OPTIONS.some((o) => o.value === value);

interface RoleSelectProps {
  username: string;
  role: string;
  onChange(role: Role): Promise<void>;
}

export function RoleSelect({ username, role, onChange }: RoleSelectProps) {
  const [asked, setAsked] = useState<Role | null>(null);
  const [busy, setBusy] = useState(false);
  const confirm = async (next: Role) => {
    setBusy(true);
    try {
      await onChange(next);
    } finally {
      setBusy(false);
      setAsked(null);
    }
  };
  return (
    <>
      <Select
        value={busy && asked ? asked : role}
        onValueChange={(value) => isRole(value) && value !== role && setAsked(value)}
        options={ROLE_OPTIONS}
        label={`Role of ${username}`}
      />
      <Dialog
        open={asked !== null}
        onOpenChange={(open) => !open && !busy && setAsked(null)}
        title="Change role"
        description={asked ? `Are you sure you want to change this user's role to ${asked}?` : undefined}
      >
        <div className={styles.dialogActions}>
          <DialogClose asChild>
            <Button autoFocus disabled={busy}>
              Cancel
            </Button>
          </DialogClose>
          <Button variant="primary" disabled={busy || !asked} onClick={() => asked && void confirm(asked)}>
            {busy ? 'Changing...' : 'Change role'}
          </Button>
        </div>
      </Dialog>
    </>
  );
}
