// /threads: every thread, one page at a time.
import { allThreadsPage } from '../../data/queries/allThreads.ts';
import { useMirrorQuery } from './useMirrorQuery.ts';

export { THREADS_PAGE_SIZE } from '../../data/queries/allThreads.ts';

/** One page of every thread, newest first, optionally only those whose title holds a text. */
export function useAllThreads(page: number, titleContains?: string) {
  return useMirrorQuery((db) => allThreadsPage(db, page, titleContains), [page, titleContains]);
}
