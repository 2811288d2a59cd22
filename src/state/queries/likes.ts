// The posts of a thread the signed-in member likes, live: a like made here or pulled from another device shows at once.
import { likedPostsOfThread, type LikeState } from '../../data/queries/likes.ts';
import { useMemberQuery } from './useMirrorQuery.ts';

const NONE: ReadonlyMap<string, LikeState> = new Map();

export function useLikedPosts(threadId: string, userId: string | null) {
  return useMemberQuery(userId, (db, id) => likedPostsOfThread(db, id, threadId), [threadId], NONE);
}
