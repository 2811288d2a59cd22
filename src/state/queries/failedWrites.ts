// The signed-in member's refused writes, newest first, for the failed notices.
import { failedWrites } from '../../data/queries/failedWrites.ts';
import { useSyncEngine, useSyncStatusOf } from '../sync/SyncContext.tsx';
import { useMirrorQuery } from './useMirrorQuery.ts';

export function useFailedWrites() {
  // The engine's member is not React state: the status subscription re-renders this hook, so a new member is seen.
  const failed = useSyncStatusOf((s) => s.failed);
  const userId = useSyncEngine().currentUserId;
  return useMirrorQuery((db) => (userId ? failedWrites(db, userId) : []), [userId, failed]);
}

/** Which of them a thread's screen shows, and under which post; and the text an Edit box starts from. */
export { failedText, failuresForThread } from '../../sync/failedForThread.ts';
