// A member's recent threads and replies, asked of the server (the mirror keeps no such list) when the profile opens,
// on retry, on reconnect and, on the own profile, each time the outbox moves, so a reply just sent shows once it
// lands. A list already shown stays while a newer one is asked for, and while offline.
import { fetchMemberActivity, type ActivityEntry } from '../../backend/profiles.ts';
import { useSyncStatusOf } from '../sync/SyncContext.tsx';
import type { ServerView } from './serverQueryView.ts';
import { useServerQuery } from './useServerQuery.ts';

type MemberActivity =
  { state: 'loading' | 'offline' | 'failed' | 'hidden' } | { state: 'ready'; entries: ActivityEntry[] };

type ActivityAnswer = Awaited<ReturnType<typeof fetchMemberActivity>>;

/** A list is shown while it is refreshed and offline; "kept private" only while the server can say it still is. */
export function activityOf(read: ServerView<ActivityAnswer>, reachable: boolean): MemberActivity {
  if (read.state === 'ready' && read.data) {
    if (!read.data.hidden) return { state: 'ready', entries: read.data.entries };
    if (read.error) return { state: 'failed' };
    return reachable ? { state: 'hidden' } : { state: 'offline' };
  }
  if (read.state === 'idle') return { state: 'loading' };
  return { state: read.state === 'ready' ? 'loading' : read.state };
}

export function useMemberActivity(userId: string, own: boolean): { activity: MemberActivity; retry(): void } {
  const reachable = useSyncStatusOf((s) => s.online && !s.unreachable);
  const ownPending = useSyncStatusOf((s) => (own ? s.pending : 0));
  const read = useServerQuery(['memberActivity', userId], (client) => fetchMemberActivity(client, userId), {
    label: 'Loading the recent activity failed',
    refreshOn: ownPending,
  });
  return { activity: activityOf(read, reachable), retry: read.retry };
}
