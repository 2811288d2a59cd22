// The posts of a thread for the thread view, live: a reply written here or pulled from elsewhere shows at once.
import { threadPosts } from '../../data/queries/posts.ts';
import { useMirrorQuery } from './useMirrorQuery.ts';

export function useThreadPosts(threadId: string) {
  return useMirrorQuery((db) => threadPosts(db, threadId), [threadId]);
}
