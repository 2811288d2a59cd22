// The mirror search as it was before the word index, kept as the bench's baseline: it reads every thread and post
// until enough match. Every word of the query must appear (as the start or middle of a word).
import type { Mirror } from '../src/data/mirror.ts';
import type { ThreadRow } from '../src/data/types.ts';
import { markedSnippet, queryTerms } from '../src/content/snippet.ts';
import type { SearchLimits } from '../src/data/queries/search.ts';
import type { MemberHit, SearchResults, ThreadHit } from '../src/data/searchTypes.ts';

const holdsAll = (text: string, terms: string[]) => {
  const lower = text.toLocaleLowerCase();
  return terms.every((t) => lower.includes(t));
};

export async function scanMirror(db: Mirror, query: string, limits: SearchLimits): Promise<SearchResults> {
  const terms = queryTerms(query);
  if (terms.length === 0) return { threads: [], members: [] };

  // Titles first (they say most), newest first; then threads whose posts match, opening posts before replies.
  const titled = await db.threads
    .orderBy('created_at')
    .reverse()
    .filter((t) => holdsAll(t.title, terms))
    .limit(limits.threads)
    .toArray();
  const hits: ThreadHit[] = titled.map((t) => ({
    thread_id: t.id,
    slug: t.slug,
    title: t.title,
    post_id: null,
    snippet: null,
  }));
  const found = new Set(hits.map((h) => h.thread_id));
  if (hits.length < limits.threads) {
    const posts = await db.posts
      .filter((p) => !found.has(p.thread_id) && holdsAll(p.content, terms))
      .limit(limits.threads * 4)
      .toArray();
    posts.sort((a, b) => Number(b.is_first_post) - Number(a.is_first_post) || b.created_at.localeCompare(a.created_at));
    const threadIds = [...new Set(posts.map((p) => p.thread_id))];
    const threads = new Map(
      (await db.threads.bulkGet(threadIds)).filter((t): t is ThreadRow => t !== undefined).map((t) => [t.id, t]),
    );
    for (const post of posts) {
      const thread = threads.get(post.thread_id);
      if (!thread || found.has(thread.id) || hits.length >= limits.threads) continue;
      found.add(thread.id);
      hits.push({
        thread_id: thread.id,
        slug: thread.slug,
        title: thread.title,
        post_id: post.id,
        snippet: markedSnippet(post.content, terms, limits.snippetWidth),
      });
    }
  }

  const members: MemberHit[] = (
    await db.profiles
      .orderBy('username')
      .filter((p) => holdsAll(`${p.username} ${p.display_name ?? ''}`, terms))
      .limit(limits.members)
      .toArray()
  ).map(({ id, username, display_name, avatar_url, role }) => ({ id, username, display_name, avatar_url, role }));

  return { threads: hits, members };
}
