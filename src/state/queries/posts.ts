// The posts of a thread for the thread view, live: a reply written here or pulled from elsewhere shows at once. On a
// first visit, the posts the page's HTML showed until the mirror answers.
import { heldPostCount, threadPosts } from '../../data/queries/posts.ts';
import { useFirstAnswer } from './firstScreen.tsx';
import { useMirrorQuery } from './useMirrorQuery.ts';

export function useThreadPosts(threadId: string) {
  const first = useFirstAnswer('posts');
  const ofThread = first?.data[0]?.thread_id === threadId;
  return useMirrorQuery((db) => threadPosts(db, threadId), [threadId], ofThread ? first : undefined);
}

/** The signed-in member's posts held for review, live; 0 when signed out or while the read is under way. */
export function useHeldPostCount(userId: string | null): number {
  const result = useMirrorQuery((db) => (userId === null ? 0 : heldPostCount(db, userId)), [userId]);
  return result.state === 'ready' ? result.data : 0;
}
