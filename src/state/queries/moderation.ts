// The thread screen's moderation reads, live: which posts the member reported from this device, and whether a
// thread tool change still waits to send.
import { reportedPosts, threadChangeWaiting } from '../../data/queries/moderation.ts';
import { useMemberQuery, useMirrorQuery } from './useMirrorQuery.ts';

const NONE: ReadonlySet<string> = new Set();

export function useReportedPosts(userId: string | null) {
  return useMemberQuery(userId, reportedPosts, [], NONE);
}

export function useThreadChangeWaiting(threadId: string) {
  return useMirrorQuery((db) => threadChangeWaiting(db, threadId), [threadId]);
}
