// The signed-in member's bookmarks, live: the Bookmarks page and each post's Bookmark action read them offline.
import { bookmarkList, bookmarkOf, type BookmarkListItem } from '../../data/queries/bookmarks.ts';
import type { BookmarkRow } from '../../data/types.ts';
import { useSession } from '../session/SessionContext.tsx';
import { dataOrThrow, useMirrorQuery } from './useMirrorQuery.ts';

export type { BookmarkListItem } from '../../data/queries/bookmarks.ts';

const NO_BOOKMARKS: BookmarkListItem[] = [];

/** Newest first; undefined while loading, empty when signed out. */
export function useBookmarks(): BookmarkListItem[] | undefined {
  const userId = useSession((s) => s.user?.id ?? null);
  return dataOrThrow(useMirrorQuery((db) => (userId ? bookmarkList(db, userId) : NO_BOOKMARKS), [userId]));
}

/** The member's bookmark of a post: undefined when there is none, null while loading. */
export function useBookmarkOf(postId: string): BookmarkRow | undefined | null {
  const userId = useSession((s) => s.user?.id ?? null);
  const result = useMirrorQuery(
    async (db) => (userId ? ((await bookmarkOf(db, userId, postId)) ?? null) : null),
    [userId, postId],
  );
  const row = dataOrThrow(result);
  return row === undefined ? null : (row ?? undefined);
}
