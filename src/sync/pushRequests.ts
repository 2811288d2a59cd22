// The requests a write kind's push is made of: an insert that a retry cannot repeat, a read-back and a delete,
// each turning the server's refusal into a PushFailure that pushWrite reports.
import type { BackendFailure } from './errors.ts';
import type { MirrorChange, PushContext, PushOutcome } from './writeKind.ts';

export interface Answer<T> {
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

export function rowsOf<T>(answer: Answer<unknown>): T[] {
  if (answer.error) throw new PushFailure({ ...answer.error, status: answer.status });
  return (answer.data ?? []) as T[];
}

export async function fetchRow<T>(
  ctx: PushContext,
  table: string,
  columns: string,
  id: string,
): Promise<T | undefined> {
  const answer = await ctx.client.from(table).select(columns).eq('id', id).retry(false);
  return rowsOf<T>(answer as Answer<unknown>)[0];
}

/**
 * Inserts a row whose id was made on this device. `ignoreDuplicates` makes a retry after a lost answer a no-op;
 * the server's row (with its own created_at) is then read back.
 */
export async function insertOnce<T>(ctx: PushContext, table: string, columns: string, row: { id: string }): Promise<T> {
  const answer = await ctx.client.from(table).upsert(row, { onConflict: 'id', ignoreDuplicates: true }).select(columns);
  const rows = rowsOf<T>(answer as Answer<unknown>);
  const stored = rows[0] ?? (await fetchRow<T>(ctx, table, columns, row.id));
  if (!stored) throw new PushFailure({ message: `The new ${table} row could not be read back`, status: 404 });
  return stored;
}

/**
 * Deletes, answering whether a row was still there; zero rows can mean "already gone" or "not yours". A row that
 * is still there is put back in the mirror through `restore`.
 */
export async function deleteOnce<T>(
  ctx: PushContext,
  target: { table: string; columns: string; id: string },
  restore: (row: T) => MirrorChange,
): Promise<PushOutcome> {
  const { table, columns, id } = target;
  const answer = await ctx.client.from(table).delete().eq('id', id).select('id');
  if (rowsOf<{ id: string }>(answer as Answer<unknown>).length > 0) return { result: 'sent', changes: [] };
  const still = await fetchRow<T>(ctx, table, columns, id);
  if (!still) return { result: 'sent', changes: [] };
  return {
    result: 'failed',
    failure: { message: 'delete refused', code: '42501', status: 403 },
    reason: 'You are not allowed to delete this.',
    changes: [restore(still)],
  };
}
