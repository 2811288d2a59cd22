// One page of a category type's threads from the mirror: optionally one subcategory, in one of the three sorts.
import { Dexie } from 'dexie';
import { sortThreads, type ThreadSort } from '../sortThreads.ts';
import type { Mirror } from '../mirror.ts';
import type { CategoryType } from '../types.ts';
import { withThreadRefs, type ThreadPage } from './threads.ts';

export const CATEGORY_PAGE_SIZE = 20;

interface CategoryThreadsQuery {
  type: CategoryType;
  /** A subcategory slug; one that is not of this type matches nothing. */
  cat?: string;
  sort: ThreadSort;
  page: number;
}

export async function categoryThreadsPage(db: Mirror, query: CategoryThreadsQuery): Promise<ThreadPage> {
  const offset = (query.page - 1) * CATEGORY_PAGE_SIZE;
  let range;
  if (query.cat) {
    const slug = query.cat;
    const category = await db.categories.filter((c) => c.slug === slug && c.type === query.type).first();
    if (!category) return { threads: [], total: 0 };
    range = db.threads
      .where('[category_id+_pin+created_at]')
      .between([category.id, Dexie.minKey, Dexie.minKey], [category.id, Dexie.maxKey, Dexie.maxKey]);
  } else {
    range = db.threads
      .where('[_category_type+_pin+created_at]')
      .between([query.type, Dexie.minKey, Dexie.minKey], [query.type, Dexie.maxKey, Dexie.maxKey]);
  }
  // Latest is the index's own order (pinned, then newest), so only one page is read; the others sort every row.
  if (query.sort === 'latest') {
    const [total, rows] = await Promise.all([
      range.clone().count(),
      range.clone().reverse().offset(offset).limit(CATEGORY_PAGE_SIZE).toArray(),
    ]);
    return { threads: await withThreadRefs(db, rows), total };
  }
  const all = sortThreads(await range.toArray(), query.sort);
  return { threads: await withThreadRefs(db, all.slice(offset, offset + CATEGORY_PAGE_SIZE)), total: all.length };
}
