// One row of a category or of /threads: avatar initial, pin, AD tag, title, author and badge, category, age,
// replies, views and the last reply (SPEC §2 "Category page"), and the member's read mark (a dot, or "N new").
import { Link } from '@tanstack/react-router';
import type { ReadState } from '../../data/queries/readState.ts';
import type { ThreadWithRefs } from '../../data/queries/threads.ts';
import { listAge } from '../../lib/relativeTime.ts';
import { useAgeClock } from '../../state/queries/firstScreen.tsx';
import { Avatar } from '../Avatar.tsx';
import { listAuthorName, RoleBadge } from '../AuthorLabel.tsx';
import { PinIcon } from './PinIcon.tsx';
import { ReadMark } from './ReadMark.tsx';
import styles from './ThreadList.module.css';

export function ThreadListRow({ thread, read }: { thread: ThreadWithRefs; read?: ReadState }) {
  const username = listAuthorName(thread.author_id, thread.author);
  const clock = useAgeClock();
  return (
    <li className={styles.row} data-testid="thread-row">
      <Avatar src={thread.author?.avatar_url} person={thread.author} size={40} />
      <div className={styles.main}>
        <div className={styles.titleLine}>
          {thread.is_pinned && <PinIcon />}
          {thread.is_ad && (
            <span className={styles.adTag} title="Advertisement">
              AD
            </span>
          )}
          <Link to="/t/$idOrSlug" params={{ idOrSlug: thread.address }} className={styles.title}>
            {thread.title}
          </Link>
          {thread._status === 'sending' && <span className={styles.sending}>Waiting to send</span>}
          <ReadMark state={read} />
        </div>
        <div className={styles.meta}>
          <span className={styles.author}>
            {username} <RoleBadge role={thread.author?.role} />
          </span>
          {thread.category && <span className={styles.category}>{thread.category.name}</span>}
          <time dateTime={thread.created_at}>{listAge(thread.created_at, clock.now, clock.timeZone)}</time>
        </div>
      </div>
      <dl className={styles.stats}>
        <div>
          <dt>Replies</dt>
          <dd data-testid="reply-count">{thread.reply_count}</dd>
        </div>
        <div>
          <dt>Views</dt>
          <dd data-testid="view-count">{thread.view_count}</dd>
        </div>
        <div className={styles.lastReply}>
          <dt>Last reply</dt>
          <dd>
            {thread.last_reply_at ? (
              <time dateTime={thread.last_reply_at}>{listAge(thread.last_reply_at, clock.now, clock.timeZone)}</time>
            ) : (
              '—'
            )}
          </dd>
        </div>
      </dl>
    </li>
  );
}

export function ThreadListPlaceholders({ count }: { count: number }) {
  return Array.from({ length: count }, (_, i) => (
    <li key={i} className={`${styles.row} ${styles.placeholder}`} aria-hidden data-testid="thread-placeholder">
      <span className={`${styles.placeholderDisc} skeleton`} />
      <span className={`${styles.placeholderLine} skeleton`} />
    </li>
  ));
}
