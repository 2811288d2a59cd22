// The grid's loading state: cards of the real cards' shape, pulsing.
import styles from './Members.module.css';

export function MemberPlaceholders({ count }: { count: number }) {
  return (
    <div className={styles.placeholders} aria-busy aria-label="Loading members">
      {Array.from({ length: count }, (_, i) => (
        <div key={i} className={`${styles.card} ${styles.placeholder}`} aria-hidden data-testid="member-placeholder">
          <span className={styles.identity}>
            <span className={`${styles.placeholderDisc} skeleton`} />
            <span className={styles.names}>
              <span className={`${styles.placeholderLine} skeleton`} />
              <span className={`${styles.placeholderLine} ${styles.short} skeleton`} />
            </span>
          </span>
          <span className={`${styles.placeholderLine} skeleton`} />
          <span className={`${styles.placeholderLine} ${styles.short} skeleton`} />
        </div>
      ))}
    </div>
  );
}
