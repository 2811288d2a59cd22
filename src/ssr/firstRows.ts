// The rows a first page carries (src/data/firstRows.ts), joined into what the screens render.
import { authorSummary } from '../data/queries/people.ts';
import type { PostWithAuthor } from '../data/queries/posts.ts';
import type { ThreadWithRefs } from '../data/queries/threads.ts';
import type { FirstRows } from '../data/firstRows.ts';
import { toThreadRow } from '../data/rows.ts';

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
