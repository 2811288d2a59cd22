// Joins a page of thread rows with their authors and categories, as data/queries.ts does for its own lists.
import type { Mirror } from '../../data/mirror.ts';
import type { AuthorSummary, ThreadWithRefs } from '../../data/queries.ts';
import type { ThreadRow } from '../../data/types.ts';

export async function withThreadRefs(db: Mirror, threads: ThreadRow[]): Promise<ThreadWithRefs[]> {
  const authorIds = [...new Set(threads.map((t) => t.author_id))];
  const categoryIds = [...new Set(threads.map((t) => t.category_id))];
  const [profiles, categories] = await Promise.all([
    db.profiles.bulkGet(authorIds),
    db.categories.bulkGet(categoryIds),
  ]);
  const authors = new Map<string, AuthorSummary>();
  for (const p of profiles) {
    if (p)
      authors.set(p.id, {
        id: p.id,
        username: p.username,
        display_name: p.display_name,
        avatar_url: p.avatar_url,
        role: p.role,
      });
  }
  const cats = new Map(categories.filter((c) => c !== undefined).map((c) => [c.id, c]));
  return threads.map((t) => {
    const c = cats.get(t.category_id);
    return {
      ...t,
      author: authors.get(t.author_id) ?? null,
      category: c ? { id: c.id, name: c.name, slug: c.slug, color: c.color, type: c.type } : null,
    };
  });
}
