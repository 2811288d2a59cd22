// The posts of a thread for the thread view, live: a reply written here or pulled from elsewhere shows at once. On a
// first visit, the posts the page's HTML showed until the mirror answers.
import { threadPosts } from '../../data/queries/posts.ts';
import { useFirstAnswer } from './firstScreen.tsx';
import { useMirrorQuery } from './useMirrorQuery.ts';

export function useThreadPosts(threadId: string) {
  const first = useFirstAnswer('posts');
  const ofThread = first?.data[0]?.thread_id === threadId;
  return useMirrorQuery((db) => threadPosts(db, threadId), [threadId], ofThread ? first : undefined);
}
