// The signed-in member's likes in the mirror: which posts of a thread show an active heart.
import type { Mirror } from '../mirror.ts';
import { postsOfThread } from './posts.ts';

/** How the member's like of a post shows: sent, or waiting to be sent. */
export type LikeState = 'sent' | 'sending';

/** The posts of a thread the member likes, sent or waiting; a refused like shows as not liked. */
export async function likedPostsOfThread(
  db: Mirror,
  userId: string,
  threadId: string,
): Promise<ReadonlyMap<string, LikeState>> {
  const postIds = (await postsOfThread(db, threadId).primaryKeys()) as string[];
  if (postIds.length === 0) return new Map();
  const likes = await db.likes
    .where('[user_id+post_id]')
    .anyOf(postIds.map((id) => [userId, id]))
    .toArray();
  const shown = new Map<string, LikeState>();
  for (const l of likes) if (l._status !== 'failed') shown.set(l.post_id, l._status ?? 'sent');
  return shown;
}
