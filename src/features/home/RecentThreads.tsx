// The home page's Recent Threads: the 10 latest from the mirror, 5 placeholders while loading, and View All.
import { Link } from '@tanstack/react-router';
import type { ThreadWithRefs } from '../../data/queries/threads.ts';
import { listAge } from '../../lib/relativeTime.ts';
import { RoleBadge } from '../../ui/RoleBadge.tsx';
import { PinIcon } from '../../ui/threadList/PinIcon.tsx';
import type { MirrorResult } from '../../state/queries/useMirrorQuery.ts';
import styles from './Home.module.css';

function RecentRow({ thread }: { thread: ThreadWithRefs }) {
  return (
    <li className={styles.row} data-testid="thread-row">
      <span className={styles.rowTitle}>
        {thread.is_pinned && <PinIcon />}
        <Link to="/t/$idOrSlug" params={{ idOrSlug: thread.slug }}>
          {thread.title}
        </Link>
        {thread._status === 'sending' && <span className={styles.sending}>Waiting to send</span>}
      </span>
      <span className={styles.rowMeta}>
        <span className={styles.author}>
          {thread.author?.username ?? 'unknown'} <RoleBadge role={thread.author?.role} />
        </span>
        {thread.category && <span>{thread.category.name}</span>}
        <span>
          {thread.reply_count} {thread.reply_count === 1 ? 'reply' : 'replies'}
        </span>
        <time dateTime={thread.created_at}>{listAge(thread.created_at)}</time>
      </span>
    </li>
  );
}

export function RecentThreads({ threads, waiting }: { threads: MirrorResult<ThreadWithRefs[]>; waiting: boolean }) {
  const loading = threads.state === 'loading' || (threads.state === 'ready' && threads.data.length === 0 && waiting);
  return (
    <section aria-labelledby="recent-heading">
      <div className={styles.sectionHead}>
        <h2 id="recent-heading">Recent Threads</h2>
        <Link to="/threads" className={styles.viewAll}>
          View All
        </Link>
      </div>
      <ul className={styles.list} aria-busy={loading}>
        {loading &&
          Array.from({ length: 5 }, (_, i) => (
            <li key={i} className={`${styles.row} ${styles.placeholder}`} aria-hidden data-testid="thread-placeholder">
              <span className="skeleton" />
            </li>
          ))}
        {threads.state === 'failed' && (
          <li className={`${styles.row} error`}>Failed to load threads. Please try refreshing the page.</li>
        )}
        {!loading && threads.state === 'ready' && threads.data.length === 0 && (
          <li className={`${styles.row} muted`}>No threads yet. Start the first discussion!</li>
        )}
        {!loading && threads.state === 'ready' && threads.data.map((t) => <RecentRow key={t.id} thread={t} />)}
      </ul>
    </section>
  );
}
