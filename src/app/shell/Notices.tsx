// The offline banner under the header: what the member can still do, and what waits to send.
import { Icon } from '../../ui/icons.tsx';
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
