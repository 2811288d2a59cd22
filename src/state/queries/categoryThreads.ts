// A category page's threads, one page at a time.
import { categoryThreadsPage } from '../../data/queries/categoryThreads.ts';
import type { ThreadPage } from '../../data/queries/threads.ts';
import { isCategoryType } from '../../data/categoryTypes.ts';
import type { ThreadSort } from '../../data/sortThreads.ts';
import { useMirrorQuery } from './useMirrorQuery.ts';

export { CATEGORY_PAGE_SIZE } from '../../data/queries/categoryThreads.ts';

const NO_THREADS: ThreadPage = { threads: [], total: 0 };

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
