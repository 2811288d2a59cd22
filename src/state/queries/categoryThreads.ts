// A category page's threads, one page at a time: on a first visit, the page's first threads until the mirror answers.
import { useMemo } from 'react';
import { categoryThreadsPage } from '../../data/queries/categoryThreads.ts';
import type { ThreadPage } from '../../data/queries/threads.ts';
import { isCategoryType } from '../../data/categoryTypes.ts';
import type { ThreadSort } from '../../data/sortThreads.ts';
import { useFirstAnswer, useFirstThreadCounts } from './firstScreen.tsx';
import { useMirrorQuery } from './useMirrorQuery.ts';

export { CATEGORY_PAGE_SIZE } from '../../data/queries/categoryThreads.ts';

const NO_THREADS: ThreadPage = { threads: [], total: 0 };

/**
 * One page of a category type's threads, optionally of one subcategory; none for a type that does not exist. A type's
 * page count never falls below what the page's HTML said while the first sync fills the mirror.
 */
export function useCategoryThreads(
  type: string,
  { cat, sort, page }: { cat?: string; sort: ThreadSort; page: number },
) {
  const first = useFirstAnswer('category')?.data;
  const counted = useFirstThreadCounts();
  const atLeast = cat === undefined && isCategoryType(type) ? (counted[type] ?? 0) : 0;
  const showsFirst = first?.type === type && cat === undefined && sort === 'latest' && page === 1;
  const initial = useMemo(
    () => (showsFirst && first ? ({ state: 'ready', data: first.threads } as const) : undefined),
    [showsFirst, first],
  );
  return useMirrorQuery(
    async (db) => {
      if (!isCategoryType(type)) return NO_THREADS;
      const read = await categoryThreadsPage(db, { type, cat, sort, page });
      return read.total < atLeast ? { ...read, total: atLeast } : read;
    },
    [type, cat, sort, page, atLeast],
    initial,
  );
}
