// The moderation menu of a member card: the roles the viewer may give (memberFacts.assignableRoles), each asked
// again in the spec's words before it is queued.
import { useState } from 'react';
import type { Role } from '../../data/types.ts';
import { Button } from '../../ui/Button.tsx';
import { Dialog, DialogClose } from '../../ui/Dialog.tsx';
import { Icon } from '../../ui/icons.tsx';
import { Menu, MenuContent, MenuItem, MenuLabel, MenuSeparator, MenuTrigger } from '../../ui/Menu.tsx';
import { ROLE_NAMES } from './memberFacts.ts';
import styles from './Members.module.css';

interface RoleMenuProps {
  memberName: string;
  roles: Role[];
  onChange(role: Role): Promise<void>;
}

export function RoleMenu({ memberName, roles, onChange }: RoleMenuProps) {
  const [asked, setAsked] = useState<Role | null>(null);
  const [busy, setBusy] = useState(false);
  const confirm = async (role: Role) => {
    setBusy(true);
    try {
      await onChange(role);
    } finally {
      setBusy(false);
      setAsked(null);
    }
  };
  return (
    <>
      <Menu modal={false}>
        <MenuTrigger asChild>
          <Button variant="ghost" iconOnly className={styles.menuButton} aria-label={`Change ${memberName}'s role`}>
            <Icon name="shield" size={18} />
          </Button>
        </MenuTrigger>
        <MenuContent>
          <MenuLabel>
            <span className="muted">Change role</span>
          </MenuLabel>
          <MenuSeparator />
          {roles.map((role) => (
            <MenuItem key={role} onSelect={() => setAsked(role)}>
              Make {ROLE_NAMES[role]}
            </MenuItem>
          ))}
        </MenuContent>
      </Menu>
      <Dialog
        open={asked !== null}
        onOpenChange={(open) => !open && setAsked(null)}
        title="Change role"
        description={asked ? `Are you sure you want to change this user's role to ${asked}?` : undefined}
      >
        <div className={styles.dialogActions}>
          <DialogClose asChild>
            <Button autoFocus>Cancel</Button>
          </DialogClose>
          <Button variant="primary" disabled={busy || !asked} onClick={() => asked && void confirm(asked)}>
            Change role
          </Button>
        </div>
      </Dialog>
    </>
  );
}
