// Sends one outbox write to the server, idempotently, and brings the mirror in line with the server's answer.
import type { ForumClient } from '../backend/client.ts';
import type { Insert, Row } from '../backend/database.ts';
import type { Mirror } from '../data/mirror.ts';
import type { ConflictDetail, EditPostWrite, NewPost, NewThreadWrite, Write } from '../data/outboxTypes.ts';
import { toMessageRow, toThreadRow } from '../data/rows.ts';
import type { MessageRow, PostRow, ThreadRow } from '../data/types.ts';
import { MESSAGE_COLUMNS, POST_COLUMNS, THREAD_COLUMNS } from './columns.ts';
import type { BackendFailure } from './errors.ts';

/** A change the server's answer asks of the mirror; the engine applies it with the outbox update, atomically. */
export type MirrorChange =
  | { table: 'threads'; row: ThreadRow }
  | { table: 'posts'; row: PostRow }
  | { table: 'messages'; row: MessageRow }
  | { table: 'posts' | 'messages'; deleted: string };

export type PushOutcome = { changes: MirrorChange[] } & (
  | { result: 'sent'; version?: number }
  | { result: 'failed'; failure: BackendFailure; reason?: string }
  | { result: 'conflict'; conflict: ConflictDetail }
);

export interface PushContext {
  db: Mirror;
  client: ForumClient;
  userId: string;
  /** A short random suffix for a slug that is already taken. */
  random: () => number;
}

interface Answer<T> {
  data: T[] | null;
  error: { message: string; code?: string } | null;
  status: number;
}

class PushFailure extends Error {
  constructor(
    readonly failure: BackendFailure,
    readonly reason?: string,
  ) {
    super(failure.message);
  }
}

function rowsOf<T>(answer: Answer<T>): T[] {
  if (answer.error) throw new PushFailure({ ...answer.error, status: answer.status });
  return answer.data ?? [];
}

/** The tables a write lands in, and the row the server answers with. */
interface Pushed {
  threads: Row<'threads'>;
  posts: Row<'posts'>;
  messages: Row<'messages'>;
}

const INSERT_ONCE = { onConflict: 'id', ignoreDuplicates: true };

/** Per table, its requests: each written out, so supabase-js types the row it answers from the columns asked. */
const requests: {
  [Table in keyof Pushed]: {
    read(ctx: PushContext, id: string): PromiseLike<Answer<Pushed[Table]>>;
    insertOnce(ctx: PushContext, row: Insert<Table> & { id: string }): PromiseLike<Answer<Pushed[Table]>>;
  };
} = {
  threads: {
    read: (ctx, id) => ctx.client.from('threads').select(THREAD_COLUMNS).eq('id', id).retry(false),
    insertOnce: (ctx, row) => ctx.client.from('threads').upsert(row, INSERT_ONCE).select(THREAD_COLUMNS),
  },
  posts: {
    read: (ctx, id) => ctx.client.from('posts').select(POST_COLUMNS).eq('id', id).retry(false),
    insertOnce: (ctx, row) => ctx.client.from('posts').upsert(row, INSERT_ONCE).select(POST_COLUMNS),
  },
  messages: {
    read: (ctx, id) => ctx.client.from('messages').select(MESSAGE_COLUMNS).eq('id', id).retry(false),
    insertOnce: (ctx, row) => ctx.client.from('messages').upsert(row, INSERT_ONCE).select(MESSAGE_COLUMNS),
  },
};

async function fetchRow<Table extends keyof Pushed>(
  ctx: PushContext,
  table: Table,
  id: string,
): Promise<Pushed[Table] | undefined> {
  return rowsOf(await requests[table].read(ctx, id))[0];
}

/**
 * Inserts a row whose id was made on this device. `ignoreDuplicates` makes a retry after a lost answer a no-op;
 * the server's row (with its own created_at) is then read back.
 */
async function insertOnce<Table extends keyof Pushed>(
  ctx: PushContext,
  table: Table,
  row: Insert<Table> & { id: string },
): Promise<Pushed[Table]> {
  const rows = rowsOf(await requests[table].insertOnce(ctx, row));
  const stored = rows[0] ?? (await fetchRow(ctx, table, row.id));
  if (!stored) throw new PushFailure({ message: `The new ${table} row could not be read back`, status: 404 });
  return stored;
}

async function threadChange(ctx: PushContext, thread: Row<'threads'>): Promise<MirrorChange> {
  const category = await ctx.db.categories.get(thread.category_id);
  return { table: 'threads', row: toThreadRow(thread, category?.type) };
}

async function pushPost(ctx: PushContext, post: NewPost): Promise<PushOutcome> {
  const row = await insertOnce(ctx, 'posts', post);
  if (row.content !== post.content) {
    // An earlier attempt landed with older words, and the member edited them while its answer was lost.
    const { content, images } = post;
    return pushEdit(ctx, { kind: 'editPost', id: post.id, content, images, baseVersion: row.version });
  }
  return { result: 'sent', version: row.version, changes: [{ table: 'posts', row }] };
}

const isSlugTaken = (f: BackendFailure) => f.code === '23505' && /slug/i.test(f.message);

async function pushThread(ctx: PushContext, write: NewThreadWrite): Promise<PushOutcome> {
  let { thread } = write;
  let change: MirrorChange;
  for (let attempt = 0; ; attempt++) {
    try {
      change = await threadChange(ctx, await insertOnce(ctx, 'threads', thread));
      break;
    } catch (e) {
      if (!(e instanceof PushFailure) || !isSlugTaken(e.failure) || attempt >= 3) throw e;
      // Another thread has this slug: keep the title, make the address unique with a short suffix.
      const suffix = Math.floor(ctx.random() * 36 ** 5).toString(36);
      thread = { ...thread, slug: `${thread.slug.slice(0, 94)}-${suffix}` };
    }
  }
  const post = await pushPost(ctx, write.post);
  return { ...post, changes: [change, ...post.changes] };
}

async function pushEdit(ctx: PushContext, write: EditPostWrite, rebased = false): Promise<PushOutcome> {
  const answer = await ctx.client
    .from('posts')
    .update({ content: write.content, images: write.images, is_edited: true })
    .eq('id', write.id)
    .eq('version', write.baseVersion)
    .select(POST_COLUMNS);
  const [updated] = rowsOf(answer);
  if (updated) return { result: 'sent', version: updated.version, changes: [{ table: 'posts', row: updated }] };
  const current = await fetchRow(ctx, 'posts', write.id);
  if (!current) {
    return {
      result: 'failed',
      failure: { message: 'post not found', status: 404 },
      reason: 'This post was deleted, so your edit could not be saved.',
      changes: [{ table: 'posts', deleted: write.id }],
    };
  }
  const changes: MirrorChange[] = [{ table: 'posts', row: current }];
  // Our own edit, applied before an answer that never arrived.
  if (current.content === write.content) return { result: 'sent', version: current.version, changes };
  // An earlier attempt of this same edit landed; the member has changed the text since: send it on top.
  if (!rebased && current.version === write.baseVersion + 1 && write.tried?.includes(current.content)) {
    return pushEdit(ctx, { ...write, baseVersion: current.version }, true);
  }
  return { result: 'conflict', conflict: { theirs: current.content, theirsVersion: current.version }, changes };
}

/** Deletes, answering whether a row was still there; zero rows can mean "already gone" or "not yours". */
async function deleteRow(ctx: PushContext, table: 'posts' | 'messages', id: string): Promise<PushOutcome> {
  const answer = await ctx.client.from(table).delete().eq('id', id).select('id');
  if (rowsOf(answer).length > 0) return { result: 'sent', changes: [] };
  const still = await stillThere(ctx, table, id);
  if (!still) return { result: 'sent', changes: [] };
  return {
    result: 'failed',
    failure: { message: 'delete refused', code: '42501', status: 403 },
    reason: 'You are not allowed to delete this.',
    changes: [still],
  };
}

/** The server's copy of a row a delete left in place, as the change that puts it back in the mirror. */
async function stillThere(
  ctx: PushContext,
  table: 'posts' | 'messages',
  id: string,
): Promise<MirrorChange | undefined> {
  if (table === 'posts') {
    const row = await fetchRow(ctx, 'posts', id);
    return row && { table: 'posts', row };
  }
  const row = await fetchRow(ctx, 'messages', id);
  return row && { table: 'messages', row: toMessageRow(row) };
}

async function pushMarkRead(ctx: PushContext, id: string): Promise<PushOutcome> {
  const answer = await ctx.client
    .from('messages')
    .update({ is_read: true })
    .eq('id', id)
    .eq('recipient_id', ctx.userId)
    .select(MESSAGE_COLUMNS);
  const [row] = rowsOf(answer);
  return { result: 'sent', changes: row ? [{ table: 'messages', row: toMessageRow(row) }] : [] };
}

async function send(ctx: PushContext, write: Write): Promise<PushOutcome> {
  switch (write.kind) {
    case 'thread':
      return pushThread(ctx, write);
    case 'reply':
      return pushPost(ctx, write.post);
    case 'editPost':
      return pushEdit(ctx, write);
    case 'deletePost':
      return deleteRow(ctx, 'posts', write.id);
    case 'message': {
      const stored = await insertOnce(ctx, 'messages', write.message);
      return { result: 'sent', changes: [{ table: 'messages', row: toMessageRow(stored) }] };
    }
    case 'markRead':
      return pushMarkRead(ctx, write.id);
    case 'deleteMessage':
      return deleteRow(ctx, 'messages', write.id);
  }
}

export async function pushWrite(ctx: PushContext, write: Write): Promise<PushOutcome> {
  try {
    return await send(ctx, write);
  } catch (e) {
    if (e instanceof PushFailure) return { result: 'failed', failure: e.failure, reason: e.reason, changes: [] };
    // fetch itself threw (offline): supabase-js normally answers status 0 instead, this is the same case.
    const message = e instanceof Error ? e.message : String(e);
    return { result: 'failed', failure: { message, status: 0 }, changes: [] };
  }
}
