// The words of a post hidden pending review, read online for staff and the post's author. Offline, or when the read
// fails, the notice stands alone; a failure other than the connection goes to the log.
import { fetchHeldText } from '../../backend/postHolds.ts';
import { useServerQuery } from './useServerQuery.ts';

export function useHeldText(postId: string, enabled: boolean): string | null {
  const held = useServerQuery(['postHold', postId], (client) => fetchHeldText(client, postId), {
    label: 'Reading a hidden post failed',
    enabled,
  });
  return held.data ?? null;
}
