// Reads of threads from the mirror: each list walks one index, then joins the few profiles and categories it names.
import { Dexie } from 'dexie';
import type { Mirror } from '../mirror.ts';
import type { CategoryRow, CategoryType, ThreadRow } from '../types.ts';
import { linkAddress } from './linkAddress.ts';
import { profilesById, type AuthorSummary } from './people.ts';

type CategorySummary = Pick<CategoryRow, 'id' | 'name' | 'slug' | 'color' | 'type'>;

export interface ThreadWithRefs extends ThreadRow {
  author: AuthorSummary | null;
  category: CategorySummary | null;
  /** Where links open it: its slug, or its id when this device showed its slug for one of its own threads. */
  address: string;
}

/** One page of a thread list, and how many threads the whole list has. */
export interface ThreadPage {
  threads: ThreadWithRefs[];
  total: number;
}

/** Joins thread rows with their authors and categories: every thread list ends with this. */
export async function withThreadRefs(db: Mirror, threads: ThreadRow[]): Promise<ThreadWithRefs[]> {
  const authors = await profilesById(
    db,
    threads.map((t) => t.author_id),
  );
  const categoryIds = [...new Set(threads.map((t) => t.category_id))];
  const categories = new Map(
    (await db.categories.bulkGet(categoryIds)).filter((c) => c !== undefined).map((c) => [c.id, c]),
  );
  const aliases = await db.slugAliases.bulkGet(threads.map((t) => t.slug));
  return threads.map((t, i) => {
    const c = categories.get(t.category_id);
    const alias = aliases[i];
    return {
      ...t,
      author: authors.get(t.author_id) ?? null,
      category: c ? { id: c.id, name: c.name, slug: c.slug, color: c.color, type: c.type } : null,
      address: linkAddress(t, alias),
    };
  });
}

export async function latestThreads(db: Mirror, limit: number): Promise<ThreadWithRefs[]> {
  return withThreadRefs(db, await db.threads.orderBy('created_at').reverse().limit(limit).toArray());
}

/** Threads of every category of a type: pinned first, then newest. */
export async function categoryTypeThreads(
  db: Mirror,
  type: CategoryType,
  offset = 0,
  limit = Infinity,
): Promise<ThreadWithRefs[]> {
  const rows = await db.threads
    .where('[_category_type+_pin+created_at]')
    .between([type, Dexie.minKey, Dexie.minKey], [type, Dexie.maxKey, Dexie.maxKey])
    .reverse()
    .offset(offset)
    .limit(limit)
    .toArray();
  return withThreadRefs(db, rows);
}
