// Search of what the device holds: thread titles, the mirrored posts' text, and member usernames. Every word of
// the query must start a word of the title or post (so results follow the typing), found through the mirror's word
// index (wordIndex.ts, read by wordPostings.ts) rather than by reading every post, and checked against the text.
import type { Mirror } from '../mirror.ts';
import type { PostRow, ThreadRow } from '../types.ts';
import { markedSnippet } from '../../content/snippet.ts';
import { foldText } from '../../content/searchWords.ts';
import { searchTerms } from '../../content/searchTerms.ts';
import { inOneBucket } from '../postingsFormat.ts';
import type { IndexedStore } from '../syncedTables.ts';
import { holdsAllTerms, postingsReader } from '../wordPostings.ts';
import type { MemberHit, SearchResults, ThreadHit } from '../searchTypes.ts';
import { compareText } from '../../lib/formatCount.ts';

export interface SearchLimits {
  threads: number;
  members: number;
  /** Characters of post text around the match: a one-line dropdown needs a short one. */
  snippetWidth?: number;
}

/**
 * A term with more postings than this is too common to list its rows: it narrows a search too little. A term of a
 * bucket's length reads one postings row per merge however common it is, and listing even a third of 100,000 posts
 * takes a few milliseconds, against the hundreds of rows read when two common words are checked one post at a time;
 * a shorter term reads every bucket it starts, which for one letter is most of the index.
 */
const listedEntries = (term: string) => (inOneBucket(term) ? 40_000 : 5_000);
/** Up to this many rows match the listed words, all of them are read and ranked; past it, the first matches are. */
const RANKED_ROWS = 100;
/** Rows read at once while looking for the first matches among many: at first only as many as are asked for (at
 * least a few), as listed rows mostly hold every term; then more at a time. */
const FIRST_PAGE = 16;
const PAGE = 100;

type Postings = Awaited<ReturnType<typeof postingsReader>>;

const intersect = (ids: string[], listed: Set<string> | null) =>
  new Set(listed ? ids.filter((id) => listed.has(id)) : ids);

/**
 * The ids of the rows holding every listed word (the words with few enough postings, longest first, as they are
 * likely the rarest), intersected until few are left; null when every word is common.
 */
async function listedIds(postings: Postings, table: IndexedStore, terms: string[]): Promise<string[] | null> {
  let listed: Set<string> | null = null;
  for (const term of [...terms].sort((a, b) => b.length - a.length)) {
    const ids = await postings.ids(table, term, listedEntries(term));
    if (!ids) continue;
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
  for (let i = 0, page = Math.min(PAGE, Math.max(limit, FIRST_PAGE)); i < ids.length && kept.length < limit;) {
    for (const row of await bulkGet(ids.slice(i, i + page))) if (row && keep(row)) kept.push(row);
    i += page;
    page = PAGE;
  }
  return kept.slice(0, limit);
}

/** The first `limit` rows posted under the longest term that hold every term: for a query of common words only. */
async function firstPosted<T>(
  postings: Postings,
  table: IndexedStore,
  terms: string[],
  bulkGet: (ids: string[]) => Promise<(T | undefined)[]>,
  keep: (row: T) => boolean,
  limit: number,
): Promise<T[]> {
  const longest = terms.reduce((a, b) => (b.length > a.length ? b : a));
  const seen = new Set<string>();
  const kept: T[] = [];
  await postings.eachPage(table, longest, async (page) => {
    const fresh = page.filter((id) => !seen.has(id) && seen.add(id));
    kept.push(...(await firstKept(fresh, bulkGet, keep, limit - kept.length)));
    return kept.length >= limit;
  });
  return kept;
}

async function titleHits(db: Mirror, postings: Postings, terms: string[], limit: number): Promise<ThreadRow[]> {
  const ids = await listedIds(postings, 'threads', terms);
  const keep = (t: ThreadRow) => holdsAllTerms('threads', t, terms);
  // Newest first: all of few matches ranked, or the newest threads read until enough match.
  if (ids && ids.length <= RANKED_ROWS) {
    const rows = await firstKept(ids, (page) => db.threads.bulkGet(page), keep, ids.length);
    return rows.sort((a, b) => compareText(b.created_at, a.created_at)).slice(0, limit);
  }
  return db.threads.orderBy('created_at').reverse().filter(keep).limit(limit).toArray();
}

async function postHits(
  db: Mirror,
  postings: Postings,
  terms: string[],
  skip: Set<string>,
  limit: number,
): Promise<PostRow[]> {
  const ids = await listedIds(postings, 'posts', terms);
  const keep = (p: PostRow) => !skip.has(p.thread_id) && holdsAllTerms('posts', p, terms);
  const bulkGet = (page: string[]) => db.posts.bulkGet(page);
  const posts = !ids
    ? // Every word is common: the rows of the longest one are read until enough match.
      await firstPosted(postings, 'posts', terms, bulkGet, keep, limit)
    : await firstKept(ids, bulkGet, keep, ids.length <= RANKED_ROWS ? ids.length : limit);
  // Opening posts before replies, newest first.
  posts.sort((a, b) => Number(b.is_first_post) - Number(a.is_first_post) || compareText(b.created_at, a.created_at));
  return posts;
}

export async function searchMirror(db: Mirror, query: string, limits: SearchLimits): Promise<SearchResults> {
  const terms = searchTerms(query);
  if (terms.length === 0) return { threads: [], members: [] };

  // Titles first (they say most), newest first; then threads whose posts match, opening posts before replies.
  const postings = await postingsReader(db);
  const hits: ThreadHit[] = (await titleHits(db, postings, terms, limits.threads)).map((t) => ({
    thread_id: t.id,
    slug: t.slug,
    title: t.title,
    post_id: null,
    snippet: null,
  }));
  const found = new Set(hits.map((h) => h.thread_id));
  if (hits.length < limits.threads) {
    const posts = await postHits(db, postings, terms, found, limits.threads * 4);
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
