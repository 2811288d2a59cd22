// The words of a post hidden pending review and why it was held, read online for staff and the post's author.
// Offline, or when the read fails, the notice stands alone; a failure other than the connection goes to the log.
import { fetchHold, type PostHold } from '../../backend/postHolds.ts';
import { useServerQuery } from './useServerQuery.ts';

export function useHold(postId: string, enabled: boolean): PostHold | null {
  const held = useServerQuery(['postHold', postId], (client) => fetchHold(client, postId), {
    label: 'Reading a hidden post failed',
    enabled,
  });
  return held.data ?? null;
}
