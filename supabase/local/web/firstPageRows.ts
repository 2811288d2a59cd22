// The rows a first page shows (src/data/firstRows.ts), read as a visitor reads them: as anon, through RLS, in the
// JSON PostgREST would answer with. Home: the categories, the 10 latest threads and each type's count; a category:
// its first page of threads and its type's count; a thread: the thread and its first posts. With the authors' public profiles.
import type { CategoryType } from '../../../src/data/types.ts';
import type { FirstRows } from '../../../src/data/firstRows.ts';
import { FIRST_SCREENS, type FirstPageRoute } from '../../../src/data/firstScreens.ts';
import { asRole, type Db, type Queryable } from '../db.ts';

export interface FirstPageColumns {
  CATEGORY_COLUMNS: string;
  THREAD_COLUMNS: string;
  POST_COLUMNS: string;
  PROFILE_COLUMNS: string;
}

const HOME_THREADS = FIRST_SCREENS.home.rows;
const CATEGORY_THREADS = FIRST_SCREENS.category.rows;
const THREAD_POSTS = FIRST_SCREENS.thread.rows;
/** A uuid in any case, as Postgres reads one. */
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

async function jsonRows<T>(tx: Queryable, sql: string, params: unknown[] = []): Promise<T[]> {
  const result = await tx.query<{ j: T }>(`select to_jsonb(r) as j from (${sql}) r`, params);
  return result.rows.map((row) => row.j);
}

async function threadsOf(tx: Queryable, route: FirstPageRoute, cols: FirstPageColumns) {
  const threads = `select ${cols.THREAD_COLUMNS} from threads`;
  if (route.page === 'home')
    return jsonRows<FirstRows['threads'][number]>(tx, `${threads} order by created_at desc limit ${HOME_THREADS}`);
  if (route.page === 'category')
    return jsonRows<FirstRows['threads'][number]>(
      tx,
      `${threads} where category_id in (select id from categories where type = $1)
     order by is_pinned desc, created_at desc limit ${CATEGORY_THREADS}`,
      [route.type],
    );
  const byId = UUID.test(route.idOrSlug);
  if (route.byId && !byId) return [];
  return jsonRows<FirstRows['threads'][number]>(
    tx,
    byId
      ? `${threads} where id = $1::text::uuid or slug = $1::text limit 1`
      : `${threads} where slug = $1::text limit 1`,
    [route.idOrSlug],
  );
}

/** The page's rows, or undefined when the thread it names is not one a visitor can read. */
export function readFirstRows(db: Db, route: FirstPageRoute, cols: FirstPageColumns): Promise<FirstRows | undefined> {
  return asRole(db, { role: 'anon' }, async (tx) => {
    const threads = await threadsOf(tx, route, cols);
    if (route.page === 'thread' && threads.length === 0) return undefined;
    const categories = await jsonRows<FirstRows['categories'][number]>(
      tx,
      `select ${cols.CATEGORY_COLUMNS} from categories where is_active order by type, order_index`,
    );
    const posts =
      route.page === 'thread'
        ? await jsonRows<FirstRows['posts'][number]>(
            tx,
            `select ${cols.POST_COLUMNS} from posts where thread_id = $1 order by post_number limit ${THREAD_POSTS}`,
            [threads[0]!.id],
          )
        : [];
    const authors = [...new Set([...threads, ...posts].map((row) => row.author_id).filter((id) => id !== null))];
    const profiles = await jsonRows<FirstRows['profiles'][number]>(
      tx,
      `select ${cols.PROFILE_COLUMNS} from profiles where id = any($1::uuid[])`,
      [authors],
    );
    const threadCounts: FirstRows['threadCounts'] = {};
    if (route.page !== 'thread') {
      const counts = await tx.query<{ type: CategoryType; n: number }>(
        `select c.type, count(*)::int as n from threads t join categories c on c.id = t.category_id
         where $1::text is null or c.type::text = $1 group by c.type`,
        [route.page === 'category' ? route.type : null],
      );
      for (const { type, n } of counts.rows) threadCounts[type] = n;
    }
    const categoryType = route.page === 'category' ? { categoryType: route.type } : {};
    return {
      page: route.page,
      ...categoryType,
      categories,
      threads,
      posts,
      profiles,
      threadCounts,
      readAt: Date.now(),
    };
  });
}
