// The home page's Recent Threads: the 10 latest from the mirror with the member's read marks, 5 placeholders while
// loading, and View All.
import { Link } from '@tanstack/react-router';
import type { ReadState } from '../../data/queries/readState.ts';
import { useReadStates } from '../../state/queries/readState.ts';
import type { ThreadWithRefs } from '../../data/queries/threads.ts';
import { listAge } from '../../lib/relativeTime.ts';
import { listAuthorName, RoleBadge } from '../../ui/AuthorLabel.tsx';
import { PinIcon } from '../../ui/threadList/PinIcon.tsx';
import { ReadMark } from '../../ui/threadList/ReadMark.tsx';
import type { MirrorResult } from '../../state/queries/useMirrorQuery.ts';
import type { FirstSync } from '../../state/sync/useFirstSync.ts';
import { useAgeClock } from '../../state/queries/firstScreen.tsx';
import { LoadFailure } from '../../ui/LoadFailure.tsx';
import styles from './Home.module.css';

export function RecentRow({ thread, read }: { thread: ThreadWithRefs; read?: ReadState }) {
  const clock = useAgeClock();
  return (
    <li className={styles.row} data-testid="thread-row">
      <span className={styles.rowTitle}>
        {thread.is_pinned && <PinIcon />}
        <Link to="/t/$idOrSlug" params={{ idOrSlug: thread.address }}>
          {thread.title}
        </Link>
        {thread._status === 'sending' && <span className={styles.sending}>Waiting to send</span>}
        <ReadMark state={read} />
      </span>
      <span className={styles.rowMeta}>
        <span className={styles.author}>
          {listAuthorName(thread.author_id, thread.author)} <RoleBadge role={thread.author?.role} />
        </span>
        {thread.category && <span>{thread.category.name}</span>}
        <span>
          {thread.reply_count} {thread.reply_count === 1 ? 'reply' : 'replies'}
        </span>
        <time dateTime={thread.created_at}>{listAge(thread.created_at, clock.now, clock.timeZone)}</time>
      </span>
    </li>
  );
}

const NO_THREADS: ThreadWithRefs[] = [];

export function RecentThreads({ threads, sync }: { threads: MirrorResult<ThreadWithRefs[]>; sync: FirstSync }) {
  const readStates = useReadStates(threads.state === 'ready' ? threads.data : NO_THREADS);
  const none = threads.state === 'ready' && threads.data.length === 0;
  const failed = threads.state === 'failed' || (none && sync.failed);
  const loading = threads.state === 'loading' || (none && sync.active);
  return (
    <section aria-labelledby="recent-heading">
      <div className={styles.sectionHead}>
        <h2 id="recent-heading">Recent Threads</h2>
        <Link to="/threads" className={styles.viewAll}>
          View All
        </Link>
      </div>
      {failed ? (
        <LoadFailure title="Failed to load threads" />
      ) : (
        <ul className={styles.list} aria-busy={loading}>
          {loading &&
            Array.from({ length: 5 }, (_, i) => (
              <li
                key={i}
                className={`${styles.row} ${styles.placeholder}`}
                aria-hidden
                data-testid="thread-placeholder"
              >
                <span className="skeleton" />
              </li>
            ))}
          {!loading && threads.state === 'ready' && threads.data.length === 0 && (
            <li className={`${styles.row} muted`}>No threads yet. Start the first discussion!</li>
          )}
          {!loading &&
            threads.state === 'ready' &&
            threads.data.map((t) => <RecentRow key={t.id} thread={t} read={readStates.get(t.id)} />)}
        </ul>
      )}
    </section>
  );
}
