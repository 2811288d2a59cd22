// Moderation is online-only (DESIGN §1): only staff may delete a thread, which goes at the backend at once.
import type { ForumClient } from '../../backend/client.ts';
import { AppError } from '../../backend/errors.ts';
import { deleteThreadWithPosts } from '../../backend/threads.ts';
import type { Role } from '../../data/types.ts';

export async function deleteThread(client: ForumClient, threadId: string, role: Role): Promise<void> {
  if (role !== 'moderator' && role !== 'admin') {
    throw new AppError('refused', 'Only admins and moderators can delete threads');
  }
  await deleteThreadWithPosts(client, threadId);
}
