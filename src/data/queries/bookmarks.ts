// The signed-in member's bookmarks, newest first, each with its thread, its post and an excerpt of the post.
import { Dexie } from 'dexie';
import { plainText } from '../../content/snippet.ts';
import type { Mirror } from '../mirror.ts';
import type { BookmarkRow, PostRow, ThreadRow } from '../types.ts';

const EXCERPT_MAX = 160;

export interface BookmarkListItem {
  bookmark: BookmarkRow;
  thread: Pick<ThreadRow, 'id' | 'slug' | 'title'> | null;
  post: Pick<PostRow, 'id' | 'content' | 'post_number' | 'author_id'> | null;
  /** The post's plain text, markdown stripped, at most 160 characters. */
  excerpt: string;
}

function excerptOf(content: string): string {
  const text = plainText(content).replace(/\s+/g, ' ').trim();
  return text.length <= EXCERPT_MAX ? text : `${text.slice(0, EXCERPT_MAX - 1).trimEnd()}…`;
}

export async function bookmarkList(db: Mirror, userId: string): Promise<BookmarkListItem[]> {
  const bookmarks = await db.bookmarks
    .where('[user_id+created_at]')
    .between([userId, Dexie.minKey], [userId, Dexie.maxKey])
    .reverse()
    .toArray();
  const [threads, posts] = await Promise.all([
    db.threads.bulkGet(bookmarks.map((b) => b.thread_id)),
    db.posts.bulkGet(bookmarks.map((b) => b.post_id)),
  ]);
  return bookmarks.map((bookmark, i) => {
    const thread = threads[i];
    const post = posts[i];
    return {
      bookmark,
      thread: thread ? { id: thread.id, slug: thread.slug, title: thread.title } : null,
      post: post
        ? { id: post.id, content: post.content, post_number: post.post_number, author_id: post.author_id }
        : null,
      excerpt: post ? excerptOf(post.content) : '',
    };
  });
}

/** The member's bookmarks in one thread, sent, waiting or refused, by post id. */
export async function threadBookmarks(
  db: Mirror,
  userId: string,
  threadId: string,
): Promise<ReadonlyMap<string, BookmarkRow>> {
  const rows = await db.bookmarks
    .where('thread_id')
    .equals(threadId)
    .filter((b) => b.user_id === userId)
    .toArray();
  return new Map(rows.map((b) => [b.post_id, b]));
}
