// The member's read state of a thread on a list row: a dot for a thread never opened, "N new" for replies past
// their read position, nothing once read. Signed-out visitors get no state, so no mark.
import type { ReadState } from '../../data/queries/readState.ts';
import styles from './ReadMark.module.css';
import { formatCount } from '../../lib/formatCount.ts';

export function NewCount({ count }: { count: number }) {
  return (
    <span className={styles.newCount} data-testid="new-count">
      {formatCount(count)} new
    </span>
  );
}

export function ReadMark({ state }: { state: ReadState | undefined }) {
  if (state?.kind === 'new') {
    return <span className={styles.dot} role="img" aria-label="New thread" title="New thread" data-testid="new-dot" />;
  }
  if (state?.kind === 'unread') return <NewCount count={state.count} />;
  return null;
}
