// The unread count on a header icon (messages, notifications): '99+' above 99, nothing at none. The icon's own label
// says the count to screen readers.
import { unreadBadge } from './identity.ts';
import styles from './CountBadge.module.css';

export function CountBadge({ count }: { count: number }) {
  const text = unreadBadge(count);
  return text ? (
    <span className={styles.badge} aria-hidden>
      {text}
    </span>
  ) : null;
}
