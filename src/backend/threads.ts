// Thread calls made straight to the backend rather than through the outbox: moderation is online-only (DESIGN §1).
import type { ForumClient } from './client.ts';
import { backendError } from './errors.ts';

/** Deletes a thread, its posts first, then the thread (SPEC §7); row-level security lets only staff do it. */
export async function deleteThreadWithPosts(client: ForumClient, threadId: string): Promise<void> {
  const posts = await client.from('posts').delete().eq('thread_id', threadId);
  if (posts.error) throw backendError('Failed to delete thread posts', posts.error, posts.status);
  const thread = await client.from('threads').delete().eq('id', threadId);
  if (thread.error) throw backendError('Failed to delete thread', thread.error, thread.status);
}
