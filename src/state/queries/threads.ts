// Thread lists for the screens, one page at a time: a category's, every thread's, and the latest few.
import { allThreadsPage } from '../../data/queries/allThreads.ts';
import { categoryThreadsPage } from '../../data/queries/categoryThreads.ts';
import { latestThreads, type ThreadPage } from '../../data/queries/threads.ts';
import { isCategoryType } from '../../lib/categoryTypes.ts';
import type { ThreadSort } from '../../lib/sortThreads.ts';
import { useMirrorQuery } from './useMirrorQuery.ts';

export { CATEGORY_PAGE_SIZE } from '../../data/queries/categoryThreads.ts';
export { THREADS_PAGE_SIZE } from '../../data/queries/allThreads.ts';

const NO_THREADS: ThreadPage = { threads: [], total: 0 };

export function useLatestThreads(count: number) {
  return useMirrorQuery((db) => latestThreads(db, count), [count]);
}

/** One page of a category type's threads, optionally of one subcategory; none for a type that does not exist. */
export function useCategoryThreads(
  type: string,
  { cat, sort, page }: { cat?: string; sort: ThreadSort; page: number },
) {
  return useMirrorQuery(
    (db) => (isCategoryType(type) ? categoryThreadsPage(db, { type, cat, sort, page }) : NO_THREADS),
    [type, cat, sort, page],
  );
}

/** One page of every thread, newest first, optionally only those whose title holds a text. */
export function useAllThreads(page: number, titleContains?: string) {
  return useMirrorQuery((db) => allThreadsPage(db, page, titleContains), [page, titleContains]);
}
