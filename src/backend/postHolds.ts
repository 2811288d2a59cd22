// The words of a post hidden pending review (post_holds): the database lets only staff and the post's author read
// them, and the mirror never holds them.
import type { ForumClient } from './client.ts';
import { backendError } from './errors.ts';

/** The held words, or null when there are none to read (the post is shown again, or the reader may not). */
export async function fetchHeldText(client: ForumClient, postId: string): Promise<string | null> {
  const { data, error, status } = await client.from('post_holds').select('post_id, content').eq('post_id', postId);
  if (error) throw backendError('Failed to read the hidden post', error, status);
  return data[0]?.content ?? null;
}
