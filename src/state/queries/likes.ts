// The posts of a thread the signed-in member likes, live: a like made here or pulled from another device shows at once.
import { likedPostsOfThread, type LikeState } from '../../data/queries/likes.ts';
import { useMirrorQuery } from './useMirrorQuery.ts';

const NONE: ReadonlyMap<string, LikeState> = new Map();

export function useLikedPosts(threadId: string, userId: string | null) {
  return useMirrorQuery((db) => (userId ? likedPostsOfThread(db, userId, threadId) : NONE), [threadId, userId]);
}
