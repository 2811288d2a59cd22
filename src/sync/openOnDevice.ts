// Bringing onto the device a thread or a profile that a screen opens: from the mirror when it is there, else from the
// server, under the pull's lock so the two never write the same rows at once.
import type { ForumClient } from '../backend/client.ts';
import { threadRowAt } from '../data/queries/threadAddress.ts';
import type { EngineDeps, OpenThreadResult } from './engineTypes.ts';

type Network = typeof import('./network.ts');

export interface OpenContext {
  deps: EngineDeps;
  pageSize: number;
  pullLock: string;
  network(): Promise<Network>;
  client(): Promise<ForumClient>;
}

/** The network code and the client, or null offline; the network code not loading is the connection too. */
async function reachable(ctx: OpenContext): Promise<{ network: Network; client: ForumClient } | null> {
  if (!ctx.deps.env.isOnline()) return null;
  const network = await ctx.network().catch(() => null);
  return network && { network, client: await ctx.client() };
}

type Mirror = (thread: string) => Promise<OpenThreadResult>;

/**
 * What brings a thread's posts into the mirror, or null offline: the sync worker, which writes them with the words
 * of every post while the page's thread only renders; else the network code on this thread.
 */
async function mirrorer(ctx: OpenContext): Promise<Mirror | null> {
  const { env, clock, db } = ctx.deps;
  const inWorker = ctx.deps.openThread;
  if (!inWorker) {
    const online = await reachable(ctx);
    return online && ((thread) => online.network.mirrorThread(db, online.client, thread, ctx.pageSize, clock.now()));
  }
  if (!env.isOnline()) return null;
  const client = await ctx.client();
  return (thread) =>
    inWorker(client, { thread, pageSize: ctx.pageSize, now: clock.now() }).catch((error: unknown) => {
      // The worker's code did not come, or the worker died, as the connection went: offline, as on this thread.
      if (!env.isOnline()) return 'offline' as const;
      throw error;
    });
}

/** The thread an address names on this device, and whether its posts are kept here: if so, touched as read now. */
async function onDevice(ctx: OpenContext, idOrSlug: string): Promise<{ id: string | undefined; kept: boolean }> {
  const { db, clock } = ctx.deps;
  const local = await threadRowAt(db, idOrSlug);
  if (!local || !(await db.keptThreads.get(local.id))) return { id: local?.id, kept: false };
  await db.keptThreads.put({ thread_id: local.id, touched_at: clock.now() });
  return { id: local.id, kept: true };
}

/**
 * Makes sure the thread and its posts are in the mirror; the screen renders from the mirror either way.
 * Rejects on a failure other than the network (a full disk, a refused request).
 */
export async function openThread(ctx: OpenContext, idOrSlug: string): Promise<OpenThreadResult> {
  const local = await onDevice(ctx, idOrSlug);
  if (local.kept) return 'mirrored';
  // A slug this device showed for its own thread may belong to another thread on the server now: ask by id.
  const thread = local.id ?? idOrSlug;
  const mirror = await mirrorer(ctx);
  if (!mirror) return 'offline';
  // The pull that held the lock may have kept the thread meanwhile: a first visit's first pull keeps the recent
  // threads' posts, this one's among them, and fetching them again cost a long thread's page 98 KB.
  return ctx.deps.locks.request(ctx.pullLock, async () =>
    (await onDevice(ctx, thread)).kept ? 'mirrored' : mirror(thread),
  );
}

/**
 * Makes sure a member's profile is in the mirror (one who signed up since the last pull); the screen renders from
 * the mirror either way. Rejects on a failure other than the network.
 */
export async function openProfile(ctx: OpenContext, id: string): Promise<OpenThreadResult> {
  if (await ctx.deps.db.profiles.get(id)) return 'mirrored';
  const online = await reachable(ctx);
  if (!online) return 'offline';
  return online.network.mirrorProfile(ctx.deps.db, online.client, id);
}
