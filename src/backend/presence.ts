// Last seen: the signed-in member's presence stamp, which the server writes at most once a minute and never while
// their privacy settings hide it.
import type { ForumClient } from './client.ts';
import { backendError } from './errors.ts';

export async function touchLastSeen(client: ForumClient): Promise<void> {
  const { error, status } = await client.rpc('touch_last_seen');
  if (error) throw backendError('Failed to stamp last seen', error, status);
}
