// Thread view counts (SPEC §4): one view per load of a thread page, counted by the server.
import type { ForumClient } from './client.ts';
import { backendError } from './errors.ts';

export async function countThreadView(client: ForumClient, threadId: string): Promise<void> {
  const { error, status } = await client.rpc('increment_thread_view_count', { thread_id: threadId });
  if (error) throw backendError('Failed to count the view', error, status);
}
