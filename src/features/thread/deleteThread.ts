// Moderation is online-only (DESIGN §1): a thread is deleted at the backend, posts first, then the thread (SPEC §7).
import type { SupabaseClient } from '@supabase/supabase-js';
import { AppError, backendError } from '../../backend/errors.ts';
import type { Role } from '../../data/types.ts';

export async function deleteThread(client: SupabaseClient, threadId: string, role: Role): Promise<void> {
  if (role !== 'moderator' && role !== 'admin') {
    throw new AppError('refused', 'Only admins and moderators can delete threads');
  }
  const posts = await client.from('posts').delete().eq('thread_id', threadId);
  if (posts.error) throw backendError('Failed to delete thread posts', posts.error, posts.status);
  const thread = await client.from('threads').delete().eq('id', threadId);
  if (thread.error) throw backendError('Failed to delete thread', thread.error, thread.status);
}
