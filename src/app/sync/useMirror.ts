// Live reads of the mirror for the screens: each re-renders when the rows it read change in IndexedDB.
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useState } from 'react';
import {
  allCategories,
  categoryTypeThreads,
  failedWrites,
  inbox,
  latestThreads,
  sentMessages,
  threadByIdOrSlug,
  threadPosts,
  unreadCount,
} from '../../data/queries.ts';
import type { CategoryType } from '../../data/types.ts';
import type { OpenThreadResult } from '../../sync/engine.ts';
import { useSyncEngine, useSyncStatus } from './SyncContext.tsx';

function useDb() {
  return useSyncEngine().db;
}

export function useCategories() {
  const db = useDb();
  return useLiveQuery(() => allCategories(db), [db]);
}

export function useLatestThreads(limit: number) {
  const db = useDb();
  return useLiveQuery(() => latestThreads(db, limit), [db, limit]);
}

export function useCategoryTypeThreads(type: CategoryType, limit = Infinity) {
  const db = useDb();
  return useLiveQuery(() => categoryTypeThreads(db, type, 0, limit), [db, type, limit]);
}

/** The thread from the mirror, asking the engine to fetch it (and its posts) when the mirror lacks it. */
export function useThread(idOrSlug: string) {
  const engine = useSyncEngine();
  const [fetched, setFetched] = useState<{ key: string; result: OpenThreadResult }>();
  useEffect(() => {
    let current = true;
    void engine.openThread(idOrSlug).then((result) => current && setFetched({ key: idOrSlug, result }));
    return () => {
      current = false;
    };
  }, [engine, idOrSlug]);
  const fetchState: OpenThreadResult | 'loading' = fetched?.key === idOrSlug ? fetched.result : 'loading';
  const thread = useLiveQuery(() => threadByIdOrSlug(engine.db, idOrSlug), [engine, idOrSlug]);
  return { thread, fetchState };
}

export function useThreadPosts(threadId: string | undefined) {
  const db = useDb();
  return useLiveQuery(() => (threadId ? threadPosts(db, threadId) : []), [db, threadId]);
}

export function useInbox(userId: string) {
  const db = useDb();
  return useLiveQuery(() => inbox(db, userId), [db, userId]);
}

export function useSentMessages(userId: string) {
  const db = useDb();
  return useLiveQuery(() => sentMessages(db, userId), [db, userId]);
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
