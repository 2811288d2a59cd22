// Like calls: the requests the like and unlike kinds send (insert once, read back, delete by id), and the last-seen
// stamp the engine's pulls make. Each answers as supabase-js does; the callers decide what a refusal means.
import type { ForumClient } from './client.ts';

/** The columns of a like the mirror keeps (the pull and the kinds' answers). */
export const LIKE_COLUMNS = 'id,post_id,user_id,created_at,sync_txid';

interface NewLike {
  id: string;
  post_id: string;
  user_id: string;
}

/** Inserts a like whose id was made on the device: a retry after a lost answer is a no-op, not a second like. */
export function insertLike(client: ForumClient, like: NewLike) {
  return client.from('post_likes').upsert(like, { onConflict: 'id', ignoreDuplicates: true }).select(LIKE_COLUMNS);
}

/** The member's like of a post, whatever its id (RLS shows each member only their own likes). */
export function readOwnLike(client: ForumClient, postId: string, userId: string) {
  return client.from('post_likes').select(LIKE_COLUMNS).eq('post_id', postId).eq('user_id', userId).retry(false);
}

export function deleteLike(client: ForumClient, id: string) {
  return client.from('post_likes').delete().eq('id', id).select('id');
}
