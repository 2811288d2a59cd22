// Bookmarking a post and removing a bookmark: the list and the post change at once, the outbox sends it.
import { useCallback } from 'react';
import { enqueueBookmark } from '../../sync/kinds/bookmark.ts';
import { enqueueUnbookmark } from '../../sync/kinds/unbookmark.ts';
import { useSyncEngine } from '../sync/SyncContext.tsx';
import { runWrite } from './write.ts';

/** The longest note the database takes. */
export { BOOKMARK_NOTE_MAX, NOTE_TOO_LONG } from '../../sync/kinds/bookmark.ts';

/** Bookmarks a post, or changes its bookmark's note; an empty note is no note. */
export function useBookmarkPost(): (postId: string, note: string | null) => Promise<void> {
  const engine = useSyncEngine();
  return useCallback((postId, note) => runWrite(engine, (ctx) => enqueueBookmark(ctx, postId, note)), [engine]);
}

export function useRemoveBookmark(): (bookmarkId: string) => Promise<void> {
  const engine = useSyncEngine();
  return useCallback((bookmarkId) => runWrite(engine, (ctx) => enqueueUnbookmark(ctx, bookmarkId)), [engine]);
}
