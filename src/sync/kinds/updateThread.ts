// A moderator's thread tool: pin, lock, mark as advertisement or move to another category. The header shows the
// change at once and says it waits; the database decides who may (staff only), and a refusal puts the server's row
// back on the screen with the reason in the failed list.
import type { Mirror } from '../../data/mirror.ts';
import { toThreadRow } from '../../data/rows.ts';
import type { ThreadRow } from '../../data/types.ts';
import { THREAD_COLUMNS } from '../../data/columns.ts';
import { outboxEntry, type WriteContext } from '../enqueue.ts';
import { classifyFailure, type BackendFailure } from '../errors.ts';
import { PushFailure } from '../pushRequests.ts';
import type { MirrorChange, PushContext, PushOutcome, WriteKind } from '../writeKind.ts';

/** The thread columns only staff may change. */
export interface ThreadToolChange {
  is_pinned?: boolean;
  is_locked?: boolean;
  is_ad?: boolean;
  category_id?: string;
}

interface UpdateThreadWrite {
  kind: 'updateThread';
  /** The thread. */
  id: string;
  changes: ThreadToolChange;
  /** What the header showed before: put back when the server refuses and cannot be asked what it holds. */
  previous: ThreadToolChange;
}

declare module '../../data/outboxTypes.ts' {
  interface WritePayloads {
    updateThread: UpdateThreadWrite;
  }
}

/** An update that policies filter to zero rows is no error in PostgREST: it is a refusal all the same. */
const NOT_ALLOWED: BackendFailure = { message: 'thread change refused', code: '42501', status: 403 };

/** A thread row as the mirror keeps it: with its category's type, read from the mirror's categories. */
async function mirrorRow(db: Mirror, row: Omit<ThreadRow, '_category_type' | '_pin' | '_active_at'>) {
  const category = await db.categories.get(row.category_id);
  return toThreadRow(row, category?.type);
}

/** The row the header should show after a refusal: the server's, else the mirror's with its old values put back. */
async function restore(ctx: PushContext, write: UpdateThreadWrite): Promise<MirrorChange[]> {
  const { data } = await ctx.client.from('threads').select(THREAD_COLUMNS).eq('id', write.id).retry(false);
  const server = data?.[0];
  if (server) return [{ table: 'threads', row: await mirrorRow(ctx.db, server) }];
  const local = await ctx.db.threads.get(write.id);
  return local ? [{ table: 'threads', row: await mirrorRow(ctx.db, { ...local, ...write.previous }) }] : [];
}

async function refused(ctx: PushContext, write: UpdateThreadWrite, failure: BackendFailure): Promise<PushOutcome> {
  return { result: 'failed', failure, changes: await restore(ctx, write) };
}

export const updateThread = {
  name: 'updateThread',
  tables: ['threads', 'categories'],
  target: (write) => write.id,
  async push(ctx, write) {
    const answer = await ctx.client.from('threads').update(write.changes).eq('id', write.id).select(THREAD_COLUMNS);
    if (answer.error) {
      const failure = { ...answer.error, status: answer.status };
      // Offline, the server busy or a rate limit: the engine retries it; nothing to put back yet.
      if (classifyFailure(failure) === 'retry') throw new PushFailure(failure);
      return refused(ctx, write, failure);
    }
    const [row] = answer.data ?? [];
    if (!row) return refused(ctx, write, NOT_ALLOWED);
    return { result: 'sent', changes: [{ table: 'threads', row: await mirrorRow(ctx.db, row) }] };
  },
  // On the thread's screen, under the posts: it is about the whole thread, not one post.
  shownOn: (write) => ({ post: '', thread: write.id }),
} satisfies WriteKind<UpdateThreadWrite>;

/**
 * Shows the change in the thread's header at once and queues it; changes are sent in the order made. Answers the
 * outbox entry's id, or null when the thread already is so (or is not on this device).
 */
export async function enqueueUpdateThread(ctx: WriteContext, input: { threadId: string; changes: ThreadToolChange }) {
  const { db } = ctx;
  return db.transaction('rw', [db.threads, db.categories, db.outbox], async () => {
    const thread = await db.threads.get(input.threadId);
    if (!thread) return null;
    const changes: ThreadToolChange = {};
    const previous: ThreadToolChange = {};
    for (const key of Object.keys(input.changes) as (keyof ThreadToolChange)[]) {
      const value = input.changes[key];
      if (value === undefined || value === thread[key]) continue;
      Object.assign(changes, { [key]: value });
      Object.assign(previous, { [key]: thread[key] });
    }
    if (Object.keys(changes).length === 0) return null;
    const entry = outboxEntry(ctx, { kind: 'updateThread', id: thread.id, changes, previous });
    await db.threads.put(await mirrorRow(db, { ...thread, ...changes }));
    await db.outbox.add(entry);
    return entry.id;
  });
}
