// A thread's online-only calls: deleting it (staff, at the backend at once: moderation is online-only) and counting
// its view (SPEC §4: one view per load, counted by the server).
import { useEffect, useRef } from 'react';
import type { ForumClient } from '../../backend/client.ts';
import { AppError } from '../../backend/errors.ts';
import { FAILURES } from '../../backend/failureTexts.ts';
import { deleteThreadWithPosts } from '../../backend/threads.ts';
import { countThreadView } from '../../backend/views.ts';
import type { ThreadWithRefs } from '../../data/queries/threads.ts';
import type { Role } from '../../data/types.ts';
import { whenIdle } from '../../lib/whenIdle.ts';
import { useBackend } from '../BackendContext.tsx';
import { useServerAction } from './useServerAction.ts';

async function deleteThread(client: ForumClient, threadId: string, role: Role): Promise<void> {
  if (role !== 'moderator' && role !== 'admin') {
    throw new AppError('refused', 'Only admins and moderators can delete threads');
  }
  await deleteThreadWithPosts(client, threadId);
}

export const useDeleteThread = () =>
  useServerAction(deleteThread, { failure: FAILURES.deleteThread, success: 'Thread deleted successfully!' });

/** Counts the thread's view once per load; offline, or for a thread not yet on the server, it is skipped. */
export function useViewCount(thread: ThreadWithRefs | null | undefined, online: boolean) {
  const client = useBackend();
  const counted = useRef<string | null>(null);
  const id = thread?.id;
  const onServer = thread ? thread._status === undefined : false;
  useEffect(() => {
    if (!id || !onServer || counted.current === id) return;
    counted.current = id;
    if (!online) return;
    // After the thread has painted; a lost view is not worth an error: the count is a hint, not a record.
    whenIdle(() => void countThreadView(client, id).catch(() => undefined), 2_000);
  }, [client, id, onServer, online]);
}
