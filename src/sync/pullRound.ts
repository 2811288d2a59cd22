// One round of pulling for the engine: the synced tables of the poked topics, then what the device keeps of them.
import type { ForumClient } from '../backend/client.ts';
import type { Mirror } from '../data/mirror.ts';
import { ME_COLUMNS } from '../data/columns.ts';
import type { EngineOptions } from './engineTypes.ts';
import { evictStaleThreads, keepBookmarkedThreads, keepRecentThreads, refreshKeptThreads } from './keep.ts';
import { pendingTargets } from './pending.ts';
import { pullChanges } from './pull.ts';
import { cursorOf } from './pullWindow.ts';
import { checked } from './request.ts';
import { ALL_TOPICS, type Topic } from '../data/syncedTables.ts';

export interface RoundContext {
  db: Mirror;
  client: ForumClient;
  userId: string | null;
  options: EngineOptions;
  now: number;
  onProgress(rows: number): void;
  /** Called once the server has answered the first requests of the round. */
  reached(): void;
}

/** The member's private settings; a settings change still waiting to send keeps the member's value on the screen. */
async function pullMe(db: Mirror, client: ForumClient, userId: string) {
  const { data, error, status } = await client.from('profile_private').select(ME_COLUMNS).eq('id', userId);
  checked(error, status);
  const [me] = data ?? [];
  if (!me || me.id !== userId) return;
  await db.transaction('rw', [db.me, db.outbox], async () => {
    if (!(await pendingTargets(db)).has(me.id)) await db.me.put(me);
  });
}

/** Everything, or the tables of the topics a poke named. */
export async function pullRound(ctx: RoundContext, topics: ReadonlySet<Topic> = ALL_TOPICS): Promise<void> {
  const { db, client, options, now, userId } = ctx;
  let rows = 0;
  // The first pull skips the posts window (pullTable.ts): what is kept by then is fetched again after its watermark.
  const firstPosts = topics.has('forum') && (await cursorOf(db, 'posts')) === 0;
  await pullChanges(
    {
      db,
      client,
      userId,
      pageSize: options.pageSize,
      onProgress: (p) => {
        rows += p.rows;
        ctx.onProgress(rows);
      },
    },
    topics,
  );
  ctx.reached();
  if (firstPosts) await refreshKeptThreads(db, client, options.pageSize);
  if (topics.has('forum')) await keepRecentThreads(db, client, options.keepRecentThreads, options.pageSize);
  if (topics.has('member')) {
    await keepBookmarkedThreads(db, client, options.pageSize, now);
    if (userId) await pullMe(db, client, userId);
  }
  if (topics.has('forum')) await evictStaleThreads(db, options.keepRecentThreads, now, options.evictAfterMs);
}
