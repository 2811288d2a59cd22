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

export async function threadPosts(db: Mirror, threadId: string): Promise<PostWithAuthor[]> {
  const posts = await postsOfThread(db, threadId).toArray();
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
