// The signed-in member's bookmarks, live: the Bookmarks page and each post's Bookmark action read them offline.
import { bookmarkList, threadBookmarks, type BookmarkListItem } from '../../data/queries/bookmarks.ts';
import type { BookmarkRow } from '../../data/types.ts';
import { useSession } from '../session/SessionContext.tsx';
import { dataOrThrow, useMemberQuery, useMirrorQuery } from './useMirrorQuery.ts';

export type { BookmarkListItem } from '../../data/queries/bookmarks.ts';

const NO_BOOKMARKS: BookmarkListItem[] = [];

/** Newest first; undefined while loading, empty when signed out. */
export function useBookmarks(): BookmarkListItem[] | undefined {
  const userId = useSession((s) => s.user?.id ?? null);
  return dataOrThrow(useMirrorQuery((db) => (userId ? bookmarkList(db, userId) : NO_BOOKMARKS), [userId]));
}

const NONE_IN_THREAD: ReadonlyMap<string, BookmarkRow> = new Map();

/**
 * The member's bookmarks in a thread, by post id; undefined while loading. One read for the whole thread, so a page
 * of posts coming into view adds no live query per post.
 */
export function useThreadBookmarks(threadId: string): ReadonlyMap<string, BookmarkRow> | undefined {
  const userId = useSession((s) => s.user?.id ?? null);
  return dataOrThrow(useMemberQuery(userId, (db, id) => threadBookmarks(db, id, threadId), [threadId], NONE_IN_THREAD));
}
