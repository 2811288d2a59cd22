// The first-load progress line shown above placeholders while an empty mirror fills.
import type { FirstSync } from '../../state/sync/useFirstSync.ts';
import styles from './ThreadList.module.css';

export function FirstSyncNotice({ sync }: { sync: FirstSync }) {
  return (
    <p className={styles.notice} role="status" data-testid="first-sync">
      Loading the forum onto this device{sync.rows > 0 ? `: ${sync.rows} items so far` : '…'}
    </p>
  );
}
