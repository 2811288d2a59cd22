// GET and HEAD on a table or view: one statement that returns the page as JSON text, its size and, if asked, the total.
import { header, type ApiResponse } from '../http.ts';
import { Planner, planShape, readStatement } from './buildRead.ts';
import { inTransaction, toCount, type RestCall } from './call.ts';
import { pgrstError } from './errors.ts';
import { answerTooLarge, capRows, checkFilterCost } from './limits.ts';
import { parseQuery, type QueryLevel } from './parseQuery.ts';
import { apply } from './prefer.ts';
import { readResponse } from './respond.ts';
import type { Relation } from './schemaCache.ts';
import { SqlParams, tableRef } from './sql.ts';

/** `Range: 0-19` (items) sets offset and limit when the query string does not. */
export function applyRangeHeader(call: RestCall, level: QueryLevel): void {
  const range = header(call.req, 'range');
  if (!range || level.limit !== undefined || level.offset !== undefined) return;
  const m = /^(?:items=)?(\d+)-(\d*)$/.exec(range.trim());
  if (!m) return;
  const lower = Number(m[1]);
  const upper = m[2] === '' ? undefined : Number(m[2]);
  if (upper !== undefined && upper < lower) {
    throw pgrstError(416, 'PGRST103', 'Requested range not satisfiable', `The range ${range} is empty.`);
  }
  level.offset = lower;
  if (upper !== undefined) level.limit = upper - lower + 1;
}

export interface ReadRow {
  body: string;
  /** The answer's size, when the read is bounded (readStatement). */
  bytes?: unknown;
  n: unknown;
  total?: unknown;
}

export async function readTable(call: RestCall, relation: Relation): Promise<ApiResponse> {
  const query = parseQuery(call.req.url);
  checkFilterCost(query.root, call.claims.role);
  applyRangeHeader(call, query.root);
  capRows(query.root);
  const params = new SqlParams();
  const shape = planShape(new Planner(call.cache, params), relation, 't0', query.select, query.root);
  if (call.prefs.count) apply(call.prefs, `count=${call.prefs.count}`);
  const sql = readStatement(shape, {
    from: `${tableRef(relation.name)} t0`,
    count: call.prefs.count !== undefined,
    stripNulls: call.accept.stripNulls,
    bounded: true,
  });
  return inTransaction(call, async (tx) => {
    const row = (await tx.query<ReadRow>(sql, params.values)).rows[0]!;
    if (row.body === null) throw answerTooLarge(toCount(row.bytes));
    const result = {
      body: row.body,
      n: toCount(row.n),
      total: call.prefs.count ? toCount(row.total) : undefined,
    };
    return readResponse(result, query.root.offset ?? 0, call.accept, call.prefs);
  });
}
