// The thread screen's moderation reads, live: whether a thread tool change still waits to send.
import { threadChangeWaiting } from '../../data/queries/moderation.ts';
import { useMirrorQuery } from './useMirrorQuery.ts';

export function useThreadChangeWaiting(threadId: string) {
  return useMirrorQuery((db) => threadChangeWaiting(db, threadId), [threadId]);
}
