// What every list of the panel shows around its rows: the failure with Try again, the empty text, Load more.
import { Button } from '../../ui/Button.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import type { PagedQuery } from '../../state/server/moderation.ts';
import styles from './Moderation.module.css';

function ListFailure({ title, onRetry }: { title: string; onRetry(): void }) {
  return (
    <div className={styles.failure} role="alert">
      <p className={styles.failureTitle}>{title}</p>
      <p className="muted">The server could not be reached or refused the request.</p>
      <Button onClick={onRetry}>Try again</Button>
    </div>
  );
}

function EmptyNote({ children }: { children: string }) {
  return (
    <p className={styles.empty} role="status">
      {children}
    </p>
  );
}

/** Loading, failure and empty for a list; answers null once there are rows to show. */
export function ListGate<T>({ list, failed, empty }: { list: PagedQuery<T>; failed: string; empty: string }) {
  if (list.state === 'loading') return <Spinner />;
  if (list.state === 'offline')
    return <EmptyNote>You are offline. This list loads when you are back online.</EmptyNote>;
  if (list.state === 'failed') return <ListFailure title={failed} onRetry={list.retry} />;
  if (list.rows.length === 0) return <EmptyNote>{empty}</EmptyNote>;
  return null;
}

export function LoadMore<T>({ list, failed }: { list: PagedQuery<T>; failed: string }) {
  if (list.state !== 'ready' || (!list.more && !list.moreFailed)) return null;
  return (
    <div className={styles.more}>
      {list.moreFailed && (
        <p className={styles.problem} role="alert">
          {failed}
        </p>
      )}
      <Button onClick={list.loadMore} disabled={list.loadingMore}>
        {list.loadingMore ? 'Loading…' : list.moreFailed ? 'Try again' : 'Load more'}
      </Button>
    </div>
  );
}
