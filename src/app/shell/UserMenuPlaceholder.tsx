// What the user menu shows while its code loads: the avatar's disc and the name, not yet clickable.
import { InitialDisc } from '../../ui/InitialDisc.tsx';
import { displayName, emailName } from './identity.ts';
import { useSession } from '../../state/session/SessionContext.tsx';
import styles from './UserMenu.module.css';

export function UserMenuPlaceholder() {
  const profile = useSession((s) => s.profile);
  const email = useSession((s) => s.user?.email);
  return (
    <span className={styles.trigger} aria-hidden>
      <InitialDisc person={profile} fallback={emailName(email)} size={34} />
      <span className={styles.name}>{displayName({ profile, email })}</span>
    </span>
  );
}
