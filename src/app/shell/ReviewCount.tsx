// The review queue's pending count on the sidebar's Review link, shown to staff only: this module loads with the
// link, which only staff get, so the first screen of everyone else carries none of it.
import { usePendingReviewCount } from '../../state/server/review.ts';
import { unreadBadge } from './identity.ts';
import styles from './SidebarNav.module.css';

export function ReviewCount({ narrow }: { narrow: boolean }) {
  const badge = unreadBadge(usePendingReviewCount(true) ?? 0);
  if (!badge) return null;
  return (
    <span className={narrow ? styles.dot : styles.badge} aria-label={`${badge} waiting`} data-testid="review-count">
      {narrow ? '' : badge}
    </span>
  );
}
