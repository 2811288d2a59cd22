// The requests a write kind's push is made of: an insert that a retry cannot repeat, a read-back and a delete,
// each turning the server's refusal into a PushFailure that pushWrite reports.
import type { Insert, Row } from '../backend/database.ts';
import { MESSAGE_COLUMNS, POST_COLUMNS, THREAD_COLUMNS } from '../data/columns.ts';
import type { BackendFailure } from './errors.ts';
import type { MirrorChange, PushContext, PushOutcome } from './writeKind.ts';

interface Answer<T> {
  data: T[] | null;
  error: { message: string; code?: string } | null;
  status: number;
}

export class PushFailure extends Error {
  constructor(
    readonly failure: BackendFailure,
    readonly reason?: string,
  ) {
    super(failure.message);
  }
}

export function rowsOf<T>(answer: Answer<T>): T[] {
  if (answer.error) throw new PushFailure({ ...answer.error, status: answer.status });
  return answer.data ?? [];
}

/** The tables writes land in, and the row the server answers with. */
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

/** The tables a write deletes from, each delete written out for the same reason. */
const removals: {
  [Table in 'posts' | 'messages']: (ctx: PushContext, id: string) => PromiseLike<Answer<{ id: string }>>;
} = {
  posts: (ctx, id) => ctx.client.from('posts').delete().eq('id', id).select('id'),
  messages: (ctx, id) => ctx.client.from('messages').delete().eq('id', id).select('id'),
};

export async function fetchRow<Table extends keyof Pushed>(
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
export async function insertOnce<Table extends keyof Pushed>(
  ctx: PushContext,
  table: Table,
  row: Insert<Table> & { id: string },
): Promise<Pushed[Table]> {
  const rows = rowsOf(await requests[table].insertOnce(ctx, row));
  const stored = rows[0] ?? (await fetchRow(ctx, table, row.id));
  if (!stored) throw new PushFailure({ message: `The new ${table} row could not be read back`, status: 404 });
  return stored;
}

/**
 * Deletes, answering whether a row was still there; zero rows can mean "already gone" or "not yours". A row that
 * is still there is put back in the mirror through `restore`.
 */
export async function deleteOnce<Table extends 'posts' | 'messages'>(
  ctx: PushContext,
  target: { table: Table; id: string },
  restore: (row: Pushed[Table]) => MirrorChange,
): Promise<PushOutcome> {
  const { table, id } = target;
  if (rowsOf(await removals[table](ctx, id)).length > 0) return { result: 'sent', changes: [] };
  const still = await fetchRow(ctx, table, id);
  if (!still) return { result: 'sent', changes: [] };
  return {
    result: 'failed',
    failure: { message: 'delete refused', code: '42501', status: 403 },
    reason: 'You are not allowed to delete this.',
    changes: [restore(still)],
  };
}
