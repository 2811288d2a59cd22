// The thread lists' read-state reads that go beyond the data layer's own hooks: /threads filtered to the member's
// Unread or New threads (a page of them, live), and the mirror's rows of the threads a search found.
import { threadIdsByReadFilter, type Reader } from '../../data/queries/readState.ts';
import { withThreadRefs, type ThreadPage } from '../../data/queries/threads.ts';
import type { ThreadRow } from '../../data/types.ts';
import { THREADS_PAGE_SIZE } from './allThreads.ts';
import { useMirrorQuery } from './useMirrorQuery.ts';

/** One page of the member's Unread or New threads, newest activity first, optionally only titles holding a text. */
export function useReadFilteredThreads(reader: Reader, filter: 'unread' | 'new', page: number, titleContains?: string) {
  return useMirrorQuery(
    async (db): Promise<ThreadPage> => {
      const ids = await threadIdsByReadFilter(db, reader, filter);
      const rows = (await db.threads.bulkGet(ids)).filter((t): t is ThreadRow => t !== undefined);
      const needle = titleContains?.toLocaleLowerCase();
      const matching = needle ? rows.filter((t) => t.title.toLocaleLowerCase().includes(needle)) : rows;
      const offset = (page - 1) * THREADS_PAGE_SIZE;
      return {
        threads: await withThreadRefs(db, matching.slice(offset, offset + THREADS_PAGE_SIZE)),
        total: matching.length,
      };
    },
    [reader.id, reader.joinedAt, filter, page, titleContains],
  );
}

/** The mirror's rows of these threads, in no order; a thread it does not hold is left out. */
export function useThreadRows(ids: readonly string[]) {
  return useMirrorQuery(
    async (db) => (await db.threads.bulkGet([...ids])).filter((t): t is ThreadRow => t !== undefined),
    [ids.join()],
  );
}
