// The header's word on unsent and refused writes; silent when everything has been sent.
import { Icon } from '../../ui/icons.tsx';
import { useShellSyncStatus } from '../../state/sync/shellSyncStatus.tsx';
import styles from './SyncIndicator.module.css';

export function SyncIndicator() {
  const { online: browserOnline, unreachable, pending, failed } = useShellSyncStatus();
  const online = browserOnline && !unreachable;
  if (online && pending === 0 && failed === 0) return null;
  return (
    <div className={styles.indicator} role="status" data-testid="sync-indicator">
      {!online && (
        <span className={styles.pill}>
          <Icon name="offline" size={16} /> Offline
        </span>
      )}
      {pending > 0 && <span className={styles.pill}>{pending} waiting to send</span>}
      {failed > 0 && <span className={`${styles.pill} ${styles.failed}`}>{failed} failed to send</span>}
    </div>
  );
}
