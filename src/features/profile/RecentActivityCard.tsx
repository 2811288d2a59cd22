// The Recent Activity card, when the showActivity setting allows: the member's newest threads and replies, each
// linking to its thread (a reply to its post there), or why there are none. Read online, so offline it says so and
// the rest of the profile stays as it is.
import { Link } from '@tanstack/react-router';
import { Suspense, useState, type ReactNode } from 'react';
import type { ActivityEntry } from '../../backend/profiles.ts';
import { fullTime, relativeAge } from '../../lib/relativeTime.ts';
import { useMemberActivity } from '../../state/server/activity.ts';
import { useThreadLink } from '../../state/queries/threadLinks.ts';
import { Button } from '../../ui/Button.tsx';
import styles from './Profile.module.css';

const PLACEHOLDER_ROWS = 3;

function ActivityCard({ children, busy = false }: { children: ReactNode; busy?: boolean }) {
  return (
    <section className={`${styles.card} ${styles.recent}`} aria-labelledby="profile-recent" aria-busy={busy}>
      <h2 id="profile-recent" className={styles.cardTitle}>
        Recent Activity
      </h2>
      {children}
    </section>
  );
}

function ActivityPlaceholder() {
  return (
    <ActivityCard busy>
      <p className="sr-only">Loading activity...</p>
      <ul className={styles.activity} aria-hidden>
        {Array.from({ length: PLACEHOLDER_ROWS }, (_, i) => (
          <li key={i} className={styles.activityItem}>
            <span className={`${styles.activityPlaceholder} skeleton`} />
          </li>
        ))}
      </ul>
    </ActivityCard>
  );
}

function ago(iso: string, now: number): string {
  const age = relativeAge(iso, now);
  return age === 'just now' ? age : `${age} ago`;
}

function ActivityRow({ entry, address, now }: { entry: ActivityEntry; address: string; now: number }) {
  const reply = entry.kind === 'reply' && entry.post_id !== null;
  return (
    <li className={styles.activityItem}>
      <Link
        to="/t/$idOrSlug"
        params={{ idOrSlug: address }}
        hash={reply ? `post-${entry.post_id}` : undefined}
        className={styles.activityLink}
      >
        <span className={styles.activityWhat}>{reply ? 'Replied to' : 'Started a thread'}</span>{' '}
        <span className={styles.activityTitle}>{entry.title}</span>
      </Link>
      {reply && entry.excerpt && <p className={styles.activityExcerpt}>{entry.excerpt}</p>}
      <time className={styles.activityTime} dateTime={entry.created_at} title={fullTime(entry.created_at)}>
        {ago(entry.created_at, now)}
      </time>
    </li>
  );
}

function ActivityList({ userId, own }: { userId: string; own: boolean }) {
  const { activity, retry } = useMemberActivity(userId, own);
  const threadLink = useThreadLink();
  // The time the list arrived: ages are a hint, not a clock that re-renders every minute.
  const [now] = useState(() => Date.now());
  switch (activity.state) {
    case 'loading':
      return <ActivityPlaceholder />;
    case 'hidden':
      return (
        <ActivityCard>
          <p className="muted">This member keeps their activity private.</p>
        </ActivityCard>
      );
    case 'offline':
      return (
        <ActivityCard>
          <p className="muted">You are offline. Recent activity shows when you are back online.</p>
        </ActivityCard>
      );
    case 'failed':
      return (
        <ActivityCard>
          <p className="muted">Could not load recent activity.</p>
          <Button onClick={retry}>Try again</Button>
        </ActivityCard>
      );
    case 'ready':
      return (
        <ActivityCard>
          {activity.entries.length === 0 ? (
            <p className="muted">No recent activity.</p>
          ) : (
            <ul className={styles.activity}>
              {activity.entries.map((entry) => (
                <ActivityRow
                  key={entry.post_id ?? entry.thread_id}
                  entry={entry}
                  address={threadLink({ id: entry.thread_id, slug: entry.slug })}
                  now={now}
                />
              ))}
            </ul>
          )}
        </ActivityCard>
      );
  }
}

/** The card waits for the backend client on its own, so the rest of the profile never does. */
export function RecentActivityCard({ userId, own }: { userId: string; own: boolean }) {
  return (
    <Suspense fallback={<ActivityPlaceholder />}>
      <ActivityList userId={userId} own={own} />
    </Suspense>
  );
}
