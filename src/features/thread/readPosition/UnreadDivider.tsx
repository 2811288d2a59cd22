// The line above the first post the member had not seen when they opened the thread.
import { DIVIDER_ID } from './useReadPosition.ts';
import styles from './ReadPosition.module.css';

export function UnreadDivider() {
  return (
    <div id={DIVIDER_ID} className={styles.divider} role="separator" data-testid="unread-divider">
      Unread since your last visit
    </div>
  );
}
