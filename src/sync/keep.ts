// Which threads keep their posts on the device: the most recently active ones, and the ones touched here.
import { prepareWords } from '../data/prepareWords.ts';
import type { ForumClient } from '../backend/client.ts';
import type { Mirror } from '../data/mirror.ts';
import { postsOfThread } from '../data/queries/posts.ts';
import { toThreadRow } from '../data/rows.ts';
import type { ThreadRow } from '../data/types.ts';
import { POST_COLUMNS, THREAD_COLUMNS, type PulledRow } from '../data/columns.ts';
import { pendingTargets } from './pending.ts';
import { checked } from './request.ts';
import { inChunks } from './chunks.ts';
import { putUnlessPending } from './pullWindow.ts';

const THREADS_PER_REQUEST = 40;

type PostRow = PulledRow<'posts'>;

/** Every post of these threads, a page at a time, each page with the threads it is of and whether it ends them. */
async function* threadPostPages(client: ForumClient, threadIds: string[], pageSize: number) {
  for (let i = 0; i < threadIds.length; i += THREADS_PER_REQUEST) {
    const threads = threadIds.slice(i, i + THREADS_PER_REQUEST);
    let lastId: string | undefined;
    for (;;) {
      let query = client.from('posts').select(POST_COLUMNS).in('thread_id', threads).order('id').limit(pageSize);
      if (lastId) query = query.gt('id', lastId);
      const { data, error, status } = await query.retry(false);
      checked(error, status);
      const rows: PostRow[] = data ?? [];
      const last = rows.length < pageSize;
      yield { threads, rows, last };
      if (last) break;
      lastId = rows[rows.length - 1]!.id;
    }
  }
}

/**
 * Fetches every post of these threads and marks them kept. Run it after the posts cursor has reached a watermark
 * taken before this fetch: a change it cannot see yet is then at or above the cursor, and the next pull brings it.
 */
export async function fetchThreadPosts(
  db: Mirror,
  client: ForumClient,
  threadIds: string[],
  pageSize: number,
  touchedAt: number,
): Promise<number> {
  let total = 0;
  for await (const { threads, rows, last } of threadPostPages(client, threadIds, pageSize)) {
    await inChunks(rows, async (part) => {
      await prepareWords('posts', part);
      await db.transaction('rw', [db.posts, db.outbox], async () => {
        const pending = await pendingTargets(db);
        await db.posts.bulkPut(part.filter((r) => !pending.has(r.id)));
      });
    });
    total += rows.length;
    if (last) await db.keptThreads.bulkPut(threads.map((thread_id) => ({ thread_id, touched_at: touchedAt })));
  }
  return total;
}

/**
 * Brings the threads kept before the first pull (one opened, or written to, as the app started) up to that pull's
 * watermark: they were fetched before it, and the first pull skips the posts window, so a reply between the two would
 * never come. Only a post new or changed since is written: the thread on the screen is not rendered again for none.
 */
export async function refreshKeptThreads(db: Mirror, client: ForumClient, pageSize: number) {
  const kept = (await db.keptThreads.toCollection().primaryKeys()) as string[];
  for await (const { rows } of threadPostPages(client, kept, pageSize)) {
    const mirrored = await db.posts.bulkGet(rows.map((r) => r.id));
    await putUnlessPending(
      db,
      'posts',
      rows.filter((row, i) => row.sync_txid !== mirrored[i]?.sync_txid),
    );
  }
}

/** Keeps the posts of the `count` most recently active threads, fetching those not kept yet. */
export async function keepRecentThreads(db: Mirror, client: ForumClient, count: number, pageSize: number) {
  const recent = (await db.threads.orderBy('_active_at').reverse().limit(count).primaryKeys()) as string[];
  const kept = await db.keptThreads.bulkGet(recent);
  const missing = recent.filter((_, i) => kept[i] === undefined);
  if (missing.length > 0) await fetchThreadPosts(db, client, missing, pageSize, 0);
}

/** The threads the member bookmarked a post of: their posts stay on the device, to be read offline. */
async function bookmarkedThreads(db: Mirror): Promise<string[]> {
  return [...new Set((await db.bookmarks.orderBy('thread_id').uniqueKeys()) as string[])];
}

/** Fetches the posts of bookmarked threads the device does not keep yet (a bookmark pulled from another device). */
export async function keepBookmarkedThreads(db: Mirror, client: ForumClient, pageSize: number, now: number) {
  const threads = await bookmarkedThreads(db);
  const kept = await db.keptThreads.bulkGet(threads);
  const missing = threads.filter((_, i) => kept[i] === undefined);
  if (missing.length > 0) await fetchThreadPosts(db, client, missing, pageSize, now);
}

/**
 * Forgets the posts of threads that are neither recent, bookmarked nor touched for `maxAgeMs`. Rows of unsent
 * writes stay: eviction never drops a member's words.
 */
export async function evictStaleThreads(db: Mirror, recentCount: number, now: number, maxAgeMs: number) {
  const recent = new Set([
    ...((await db.threads.orderBy('_active_at').reverse().limit(recentCount).primaryKeys()) as string[]),
    ...(await bookmarkedThreads(db)),
  ]);
  const stale = await db.keptThreads
    .where('touched_at')
    .below(now - maxAgeMs)
    .primaryKeys();
  const evict = (stale as string[]).filter((id) => !recent.has(id));
  if (evict.length === 0) return 0;
  await db.transaction('rw', [db.posts, db.keptThreads], async () => {
    for (const id of evict)
      await postsOfThread(db, id)
        .filter((p) => p._status === undefined)
        .delete();
    await db.keptThreads.bulkDelete(evict);
  });
  return evict.length;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Fetches one thread by id or slug into the mirror; undefined when the server has no such thread. */
export async function fetchThread(db: Mirror, client: ForumClient, idOrSlug: string): Promise<ThreadRow | undefined> {
  const column = UUID.test(idOrSlug) ? 'id' : 'slug';
  const { data, error, status } = await client.from('threads').select(THREAD_COLUMNS).eq(column, idOrSlug).retry(false);
  checked(error, status);
  const [thread] = data ?? [];
  if (!thread) return undefined;
  const category = await db.categories.get(thread.category_id);
  const row = toThreadRow(thread, category?.type);
  await db.threads.put(row);
  return row;
}
