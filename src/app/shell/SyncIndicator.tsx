// The header's word on unsent, refused and held writes; silent when everything has been sent and shown.
import { Icon } from '../../ui/icons.tsx';
import { useShellSyncStatus } from '../../state/sync/shellSyncStatus.tsx';
import styles from './SyncIndicator.module.css';

export function SyncIndicator() {
  const { online: browserOnline, unreachable, pending, failed, held } = useShellSyncStatus();
  const online = browserOnline && !unreachable;
  if (online && pending === 0 && failed === 0 && held === 0) return null;
  return (
    <div className={styles.indicator} role="status" data-testid="sync-indicator">
      {!online && (
        <span className={styles.pill}>
          <Icon name="offline" size={16} /> Offline
        </span>
      )}
      {pending > 0 && <span className={styles.pill}>{pending} waiting to send</span>}
      {failed > 0 && <span className={`${styles.pill} ${styles.failed}`}>{failed} failed to send</span>}
      {held > 0 && <span className={styles.pill}>{held} held for review</span>}
    </div>
  );
}
