// The rows a first page carries (firstRows.ts), joined as the mirror's reads join them: what the server renders and
// what the app's first render shows before its live reads answer.
import { CATEGORY_TYPES } from './categoryTypes.ts';
import type { CategoryTypeCard } from './queries/categories.ts';
import { authorSummary } from './queries/people.ts';
import type { PostWithAuthor } from './queries/posts.ts';
import type { ThreadWithRefs } from './queries/threads.ts';
import type { FirstRows } from './firstRows.ts';
import { toThreadRow } from './rows.ts';

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

/** Home's cards as the mirror's categoryTypeCards reads them, with the server's counts. */
export function categoryCards(rows: FirstRows): CategoryTypeCard[] {
  return CATEGORY_TYPES.map((type) => ({
    type,
    categories: rows.categories.filter((c) => c.type === type && c.is_active),
    threadCount: rows.threadCounts[type] ?? 0,
  })).filter((c) => c.categories.length > 0);
}
