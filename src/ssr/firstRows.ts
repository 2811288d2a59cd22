// The rows a first page shows, as the local stack reads them for a visitor and writes them into the HTML it serves:
// which addresses have one, the rows' shape, and how they join into what the screens render.
import type { Row } from '../backend/database.ts';
import { authorSummary } from '../data/queries/people.ts';
import type { PostWithAuthor } from '../data/queries/posts.ts';
import type { ThreadWithRefs } from '../data/queries/threads.ts';
import type { CategoryRow, CategoryType, ProfileRow } from '../data/types.ts';
import { isCategoryType } from '../data/categoryTypes.ts';
import { toThreadRow } from '../data/rows.ts';

export type FirstPageRoute =
  { page: 'home' } | { page: 'category'; type: CategoryType } | { page: 'thread'; idOrSlug: string; byId: boolean };

/** The addresses whose first rows come with the HTML, as src/app/router.tsx declares them. */
export function firstPageRoute(pathname: string): FirstPageRoute | undefined {
  const path = pathname.replace(/\/+$/, '') || '/';
  if (path === '/') return { page: 'home' };
  const match = /^\/(category|t|thread)\/([^/]+)$/.exec(path);
  if (!match) return undefined;
  let segment: string;
  try {
    segment = decodeURIComponent(match[2]!);
  } catch {
    return undefined;
  }
  if (match[1] === 'category') return isCategoryType(segment) ? { page: 'category', type: segment } : undefined;
  return { page: 'thread', idOrSlug: segment, byId: match[1] === 'thread' };
}

export interface FirstRows {
  categories: CategoryRow[];
  /** Newest first, or as the category page orders them: pinned first. */
  threads: Row<'threads'>[];
  /** The thread page's first posts, in order. */
  posts: Row<'posts'>[];
  /** The public profiles of the authors the rows name. */
  profiles: ProfileRow[];
  /** Home's cards: each type's thread count. */
  threadCounts: Partial<Record<CategoryType, number>>;
}

function authorsOf(rows: FirstRows) {
  return new Map(rows.profiles.map((p) => [p.id, p]));
}

/** The threads joined with their authors and categories, as the mirror's lists join them (withThreadRefs). */
export function threadsWithRefs(rows: FirstRows): ThreadWithRefs[] {
  const authors = authorsOf(rows);
  const categories = new Map(rows.categories.map((c) => [c.id, c]));
  return rows.threads.map((t) => {
    const c = categories.get(t.category_id);
    const a = t.author_id === null ? undefined : authors.get(t.author_id);
    return {
      ...toThreadRow(t, c?.type),
      author: authorSummary(a),
      category: c ? { id: c.id, name: c.name, slug: c.slug, color: c.color, type: c.type } : null,
      address: t.slug,
    };
  });
}

export function postsWithAuthors(rows: FirstRows): PostWithAuthor[] {
  const authors = authorsOf(rows);
  return rows.posts.map((p) => {
    const a = p.author_id === null ? undefined : authors.get(p.author_id);
    return {
      ...p,
      author: authorSummary(a),
    };
  });
}
