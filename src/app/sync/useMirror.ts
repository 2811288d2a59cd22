// Live reads of the mirror for the screens: each re-renders when the rows it read change in IndexedDB.
import { useLiveQuery } from 'dexie-react-hooks';
import { allCategories, failedWrites, threadPosts, unreadCount } from '../../data/queries/threads.ts';
import { useSyncEngine, useSyncStatus } from '../../state/sync/SyncContext.tsx';

function useDb() {
  return useSyncEngine().db;
}

export function useCategories() {
  const db = useDb();
  return useLiveQuery(() => allCategories(db), [db]);
}

export function useThreadPosts(threadId: string | undefined) {
  const db = useDb();
  return useLiveQuery(() => (threadId ? threadPosts(db, threadId) : []), [db, threadId]);
}

export function useUnreadCount(userId: string | null) {
  const db = useDb();
  return useLiveQuery(() => (userId ? unreadCount(db, userId) : 0), [db, userId], 0);
}

/** The signed-in member's refused writes, newest first, for the failed list. */
export function useFailedWrites() {
  const engine = useSyncEngine();
  const { failed } = useSyncStatus();
  const userId = engine.currentUserId;
  return useLiveQuery(() => (userId ? failedWrites(engine.db, userId) : []), [engine, userId, failed]);
}
