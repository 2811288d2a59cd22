// The first-load progress line shown above placeholders while an empty mirror fills: the one part of a list that
// renders again as rows arrive.
import { useFirstSyncRows } from '../../state/sync/useFirstSync.ts';
import styles from './ThreadList.module.css';

export function FirstSyncNotice() {
  const rows = useFirstSyncRows();
  return (
    <p className={styles.notice} role="status" data-testid="first-sync">
      Loading the forum onto this device{rows > 0 ? `: ${rows} items so far` : '…'}
    </p>
  );
}
