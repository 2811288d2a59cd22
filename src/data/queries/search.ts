// Search of what the device holds: thread titles, the mirrored posts' text, and member usernames. Every word of
// the query must start a word of the title or post (so results follow the typing), found through the mirror's word
// index (wordIndex.ts) rather than by reading every post.
import type { Mirror } from '../mirror.ts';
import type { PostRow, ThreadRow } from '../types.ts';
import { markedSnippet } from '../../content/snippet.ts';
import { foldText } from '../../content/searchWords.ts';
import { matchesAllTerms, searchTerms } from '../../content/searchTerms.ts';
import type { MemberHit, SearchResults, ThreadHit } from '../searchTypes.ts';

export interface SearchLimits {
  threads: number;
  members: number;
  /** Characters of post text around the match: a one-line dropdown needs a short one. */
  snippetWidth?: number;
}

/** A word with more index entries than this is too common to list its rows: it narrows a search too little. */
const LISTED_ENTRIES = 5_000;
/** Up to this many rows match the listed words, all of them are read and ranked; past it, the first matches are. */
const RANKED_ROWS = 300;
/** Rows read at once while looking for the first matches among many. */
const PAGE = 100;

type Indexed<T> = T & { _words?: string[] };
type IndexIds = (term: string, limit: number) => Promise<string[]>;

const matches = (row: Indexed<object>, terms: string[]) => matchesAllTerms(row._words ?? [], terms);

const intersect = (ids: string[], listed: Set<string> | null) =>
  new Set(listed ? ids.filter((id) => listed.has(id)) : ids);

/**
 * The ids of the rows holding every listed word (the words with few enough index entries, longest first, as they
 * are likely the rarest), intersected until few are left; null when every word is common.
 */
async function listedIds(indexIds: IndexIds, terms: string[]): Promise<string[] | null> {
  let listed: Set<string> | null = null;
  for (const term of [...terms].sort((a, b) => b.length - a.length)) {
    const ids = await indexIds(term, LISTED_ENTRIES + 1);
    if (ids.length > LISTED_ENTRIES) continue;
    listed = intersect(ids, listed);
    if (listed.size <= RANKED_ROWS) break;
  }
  return listed && [...listed];
}

/** The first `limit` rows of `ids` that `keep` accepts, read a page at a time. */
async function firstKept<T>(
  ids: string[],
  bulkGet: (ids: string[]) => Promise<(T | undefined)[]>,
  keep: (row: T) => boolean,
  limit: number,
): Promise<T[]> {
  const kept: T[] = [];
  for (let i = 0; i < ids.length && kept.length < limit; i += PAGE) {
    for (const row of await bulkGet(ids.slice(i, i + PAGE))) if (row && keep(row)) kept.push(row);
  }
  return kept.slice(0, limit);
}

async function titleHits(db: Mirror, terms: string[], limit: number): Promise<ThreadRow[]> {
  const ids = await listedIds((term, n) => db.threads.where('_words').startsWith(term).limit(n).primaryKeys(), terms);
  const keep = (t: ThreadRow) => matches(t, terms);
  // Newest first: all of few matches ranked, or the newest threads read until enough match.
  if (ids && ids.length <= RANKED_ROWS) {
    const rows = await firstKept(ids, (page) => db.threads.bulkGet(page), keep, ids.length);
    return rows.sort((a, b) => b.created_at.localeCompare(a.created_at)).slice(0, limit);
  }
  return db.threads.orderBy('created_at').reverse().filter(keep).limit(limit).toArray();
}

async function postHits(db: Mirror, terms: string[], skip: Set<string>, limit: number): Promise<PostRow[]> {
  const ids = await listedIds((term, n) => db.posts.where('_words').startsWith(term).limit(n).primaryKeys(), terms);
  const keep = (p: PostRow) => !skip.has(p.thread_id) && matches(p, terms);
  const bulkGet = (page: string[]) => db.posts.bulkGet(page);
  const posts = !ids
    ? // Every word is common: the rows of the longest one are read until enough match.
      await db.posts
        .where('_words')
        .startsWith(terms.reduce((a, b) => (b.length > a.length ? b : a)))
        .distinct()
        .filter(keep)
        .limit(limit)
        .toArray()
    : await firstKept(ids, bulkGet, keep, ids.length <= RANKED_ROWS ? ids.length : limit);
  // Opening posts before replies, newest first.
  posts.sort((a, b) => Number(b.is_first_post) - Number(a.is_first_post) || b.created_at.localeCompare(a.created_at));
  return posts;
}

export async function searchMirror(db: Mirror, query: string, limits: SearchLimits): Promise<SearchResults> {
  const terms = searchTerms(query);
  if (terms.length === 0) return { threads: [], members: [] };

  // Titles first (they say most), newest first; then threads whose posts match, opening posts before replies.
  const hits: ThreadHit[] = (await titleHits(db, terms, limits.threads)).map((t) => ({
    thread_id: t.id,
    slug: t.slug,
    title: t.title,
    post_id: null,
    snippet: null,
  }));
  const found = new Set(hits.map((h) => h.thread_id));
  if (hits.length < limits.threads) {
    const posts = await postHits(db, terms, found, limits.threads * 4);
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

  // Members are few beside posts: read in username order, any part of a name matches.
  const members: MemberHit[] = (
    await db.profiles
      .orderBy('username')
      .filter((p) => {
        const name = foldText(`${p.username} ${p.display_name ?? ''}`);
        return terms.every((t) => name.includes(t));
      })
      .limit(limits.members)
      .toArray()
  ).map(({ id, username, display_name, avatar_url, role }) => ({ id, username, display_name, avatar_url, role }));

  return { threads: hits, members };
}
