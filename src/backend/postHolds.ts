// The words of a post hidden pending review (post_holds) and why it was held: the database lets only staff and the
// post's author read them, and the mirror never holds them.
import type { ForumClient } from './client.ts';
import { backendError } from './errors.ts';

export interface PostHold {
  content: string;
  /** Why the database held it (a watched word, a new member's links); null for a post hidden by flags. */
  reason: string | null;
}

/** The hold, or null when there is none to read (the post is shown again, or the reader may not). */
export async function fetchHold(client: ForumClient, postId: string): Promise<PostHold | null> {
  const { data, error, status } = await client
    .from('post_holds')
    .select('post_id, content, reason')
    .eq('post_id', postId);
  if (error) throw backendError('Failed to read the hidden post', error, status);
  const hold = data[0];
  return hold ? { content: hold.content, reason: hold.reason } : null;
}
