// The posts of a thread from the mirror, oldest first, with their authors.
import { Dexie } from 'dexie';
import type { Mirror } from '../mirror.ts';
import type { PostRow } from '../types.ts';
import { profilesById, type AuthorSummary } from './people.ts';

export interface PostWithAuthor extends PostRow {
  author: AuthorSummary | null;
}

/** The posts of one thread, oldest first, as a Dexie collection (also used to delete them). */
export function postsOfThread(db: Mirror, threadId: string) {
  return db.posts.where('[thread_id+created_at]').between([threadId, Dexie.minKey], [threadId, Dexie.maxKey]);
}

/** A post not yet numbered by the server (waiting to send) has number 0: it goes after the numbered posts of its time. */
const numberOf = (post: PostRow) => (post.post_number > 0 ? post.post_number : Number.MAX_SAFE_INTEGER);

/**
 * The thread's posts by time, and posts of one time (written in one transaction) by their number, as the server's
 * page lists them. The index alone compares the stored times and leaves equal ones in id order.
 */
export async function threadPosts(db: Mirror, threadId: string): Promise<PostWithAuthor[]> {
  const posts = await postsOfThread(db, threadId).toArray();
  posts.sort((a, b) =>
    a.created_at === b.created_at ? numberOf(a) - numberOf(b) : a.created_at < b.created_at ? -1 : 1,
  );
  const authors = await profilesById(
    db,
    posts.map((p) => p.author_id),
  );
  return posts.map((p) => ({ ...p, author: authors.get(p.author_id) ?? null }));
}

/** How many of the member's posts on this device are hidden pending review: held for approval, or hidden by flags. */
export function heldPostCount(db: Mirror, authorId: string): Promise<number> {
  return db.posts
    .where('author_id')
    .equals(authorId)
    .filter((p) => p.hidden_at !== null && p.hidden_at !== undefined)
    .count();
}
