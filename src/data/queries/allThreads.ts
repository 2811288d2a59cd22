// One page of every thread in the mirror, newest first, optionally only those whose title holds a text: /threads.
import type { Mirror } from '../mirror.ts';
import { withThreadRefs, type ThreadPage } from './threads.ts';

export const THREADS_PAGE_SIZE = 20;

export async function allThreadsPage(db: Mirror, page: number, titleContains?: string): Promise<ThreadPage> {
  const offset = (page - 1) * THREADS_PAGE_SIZE;
  const newest = db.threads.orderBy('created_at').reverse();
  if (!titleContains) {
    const [total, rows] = await Promise.all([
      db.threads.count(),
      newest.clone().offset(offset).limit(THREADS_PAGE_SIZE).toArray(),
    ]);
    return { threads: await withThreadRefs(db, rows), total };
  }
  const needle = titleContains.toLocaleLowerCase();
  const matching = await newest.filter((t) => t.title.toLocaleLowerCase().includes(needle)).toArray();
  return {
    threads: await withThreadRefs(db, matching.slice(offset, offset + THREADS_PAGE_SIZE)),
    total: matching.length,
  };
}
