// Banners under the header: offline, and a banned member's notice (the database refuses their writes; this says why).
import { Icon } from '../../ui/icons.tsx';
import { useSession } from '../../state/session/SessionContext.tsx';
import { useShellSyncStatus } from '../../state/sync/shellSyncStatus.tsx';
import styles from './Notices.module.css';

export function OfflineBanner() {
  const { online, unreachable, pending } = useShellSyncStatus();
  if (online && !unreachable) return null;
  return (
    <div className={styles.offline} role="status" data-testid="offline-banner">
      <Icon name="offline" size={18} />
      <span>
        You are offline. You can keep reading what is saved on this device
        {pending > 0
          ? `; ${pending} waiting to send when you are back online.`
          : '; replies you write will be sent when you are back online.'}
      </span>
    </div>
  );
}

export function BannedNotice() {
  const banned = useSession((s) => s.profile?.is_banned === true);
  if (!banned) return null;
  return (
    <div className={styles.banned} role="alert" data-testid="banned-notice">
      <Icon name="alert" size={18} />
      <span>
        <strong>Your account has been banned.</strong> You can still read the forum, but you cannot post threads, reply
        or send messages. Contact the moderators if you think this is a mistake.
      </span>
    </div>
  );
}
