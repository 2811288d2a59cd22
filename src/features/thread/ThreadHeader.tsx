// The thread's header: badges, title, author, age, views, replies, "N new" for the member, category chip, and for
// staff Delete Thread and the thread tools.
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import type { ThreadWithRefs } from '../../data/queries/threads.ts';
import { fullTime, listAge } from '../../lib/relativeTime.ts';
import { useAgeClock } from '../../state/queries/firstScreen.tsx';
import { Avatar } from '../../ui/Avatar.tsx';
import { Button } from '../../ui/Button.tsx';
import { RoleBadge } from '../../ui/AuthorLabel.tsx';
import { NewCount } from '../../ui/threadList/ReadMark.tsx';
import { authorName } from './people.ts';
import styles from './Thread.module.css';
import { formatCount } from '../../lib/formatCount.ts';

const plural = (n: number, one: string, many: string) => `${formatCount(n)} ${n === 1 ? one : many}`;

interface ThreadHeaderProps {
  thread: ThreadWithRefs;
  /** The replies to show: the thread row's count may lag behind the posts on this device. */
  replyCount: number;
  onDelete?: () => void;
  /** The thread tools, for staff. */
  tools?: ReactNode;
  /** Posts past the member's read position, until they are seen. */
  newCount?: number;
}

export function ThreadHeader({ thread, replyCount, onDelete, tools, newCount = 0 }: ThreadHeaderProps) {
  const name = authorName(thread.author_id, thread.author);
  const { category } = thread;
  const clock = useAgeClock();
  return (
    <header className={styles.header}>
      <div className={styles.badges}>
        {thread.is_pinned && <span className={`${styles.badge} ${styles.pinned}`}>Pinned</span>}
        {thread.is_locked && <span className={`${styles.badge} ${styles.locked}`}>Locked</span>}
        {thread.is_ad && <span className={`${styles.badge} ${styles.ad}`}>Advertisement</span>}
        {thread._status === 'sending' && <span className={styles.sending}>Waiting to send</span>}
        {category && (
          // The category page lists a type's threads; ?cat= narrows it to this thread's category.
          <Link
            to="/category/$type"
            params={{ type: category.type }}
            search={{ cat: category.slug }}
            className={styles.categoryChip}
            style={category.color ? { borderColor: category.color } : undefined}
          >
            {category.name}
          </Link>
        )}
      </div>
      <h1 className={styles.title}>{thread.title}</h1>
      <div className={styles.meta}>
        <Avatar src={thread.author?.avatar_url} person={thread.author} size={28} />
        <span className={styles.metaAuthor}>
          {name} <RoleBadge role={thread.author?.role} />
        </span>
        <span className="muted">
          <time dateTime={thread.created_at} title={fullTime(thread.created_at, clock.timeZone)}>
            {listAge(thread.created_at, clock.now, clock.timeZone)}
          </time>
        </span>
        <span className="muted">{plural(thread.view_count, 'view', 'views')}</span>
        <span className="muted">{plural(replyCount, 'reply', 'replies')}</span>
        {newCount > 0 && <NewCount count={newCount} />}
        {onDelete && (
          <Button variant="danger" className={styles.deleteThread} onClick={onDelete}>
            Delete Thread
          </Button>
        )}
      </div>
      {tools}
    </header>
  );
}
