// What the user menu shows while its code loads: the same avatar and name, not yet clickable.
import { Avatar } from '../../ui/Avatar.tsx';
import { avatarInitial, displayName } from './identity.ts';
import { useSession } from '../../state/session/SessionContext.tsx';
import styles from './UserMenu.module.css';

export function UserMenuPlaceholder() {
  const profile = useSession((s) => s.profile);
  const email = useSession((s) => s.user?.email);
  return (
    <span className={styles.trigger} aria-hidden>
      <Avatar src={profile?.avatar_url} initial={avatarInitial({ profile, email })} size={34} />
      <span className={styles.name}>{displayName({ profile, email })}</span>
    </span>
  );
}
