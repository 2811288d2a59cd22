// POST (insert, upsert), PATCH and DELETE on a table: the write and its representation in one statement, RLS deciding.
import type { ApiResponse } from '../http.ts';
import type { Queryable } from '../db.ts';
import { Planner, planShape, readStatement, whereClause, type Shape } from './buildRead.ts';
import { checkColumns, deleteSql, insertGroups, insertSql, updateSql, type Upsert } from './buildWrite.ts';
import { inTransaction, toCount, type RestCall } from './call.ts';
import { pgrstError } from './errors.ts';
import { checkFilterCost } from './limits.ts';
import { parseQuery, type ParsedQuery } from './parseQuery.ts';
import { apply, type Preferences } from './prefer.ts';
import type { ReadRow } from './read.ts';
import { contentRange, jsonHeaders, onlyElement, singleRowError } from './respond.ts';
import type { Relation } from './schemaCache.ts';
import { conditionSql, orderSql, SqlParams, tableRef } from './sql.ts';
import { bodyObject, bodyRows, insertColumns, patchColumns } from './writeBody.ts';

type WriteMethod = 'POST' | 'PATCH' | 'DELETE';

/** One write request as its steps see it. */
interface Write {
  call: RestCall;
  relation: Relation;
  method: WriteMethod;
  query: ParsedQuery;
  mode: NonNullable<Preferences['return']>;
}

/** A data-modifying statement with its own parameters. */
interface Statement {
  sql: string;
  params: SqlParams;
}

/** What the statements did: rows affected, and the answer's rows as JSON text. */
interface Written {
  n: number;
  body: string;
}

export async function writeTable(call: RestCall, relation: Relation, method: WriteMethod): Promise<ApiResponse> {
  const write: Write = {
    call,
    relation,
    method,
    query: parseQuery(call.req.url),
    mode: call.prefs.return ?? 'minimal',
  };
  checkFilterCost(write.query.root, call.claims.role);
  echoPreferences(call.prefs);
  const params = new SqlParams();
  const shape = answerShape(write, params);
  // With rows to answer, the statements become CTEs of the one query that reads them, so they share its parameters;
  // without, each statement runs on its own with its own.
  const paramsFor = () => (shape ? params : new SqlParams());
  const returning = shape ? [...shape.needed] : null;
  const statements =
    method === 'POST'
      ? insertStatements(write, returning, paramsFor)
      : filteredStatements(write, returning, paramsFor());
  return inTransaction(call, async (tx) => {
    const written = shape ? await runReturning(tx, call, shape, statements, params) : await runMinimal(tx, statements);
    checkAffected(call, written.n);
    return writeResponse(write, written);
  });
}

/** Preference-Applied names what the write honours, in the order PostgREST lists them. */
function echoPreferences(prefs: Preferences): void {
  if (prefs.return) apply(prefs, `return=${prefs.return}`);
  if (prefs.count) apply(prefs, `count=${prefs.count}`);
  if (prefs.rollback) apply(prefs, 'tx=rollback');
  if (prefs.strict) apply(prefs, 'handling=strict');
  if (prefs.strict && prefs.maxAffected !== undefined) apply(prefs, `max-affected=${prefs.maxAffected}`);
}

/** The rows the answer reads back: the selected columns for a representation, the primary key for POST's Location. */
function answerShape({ call, relation, method, query, mode }: Write, params: SqlParams): Shape | undefined {
  if (mode === 'minimal' || (mode === 'headers-only' && method !== 'POST')) return undefined;
  const select =
    mode === 'representation'
      ? query.select
      : relation.primaryKey.map((name) => ({ kind: 'column' as const, field: { name, jsonPath: [] } }));
  // The write's own filters already chose the rows; embedded filters and transforms still apply to embeds.
  const level = { conditions: [], order: [], children: query.root.children };
  return planShape(new Planner(call.cache, params), relation, 't0', select, level);
}

/** POST: one insert (or upsert) per group of rows naming the same columns. */
function insertStatements(write: Write, returning: string[] | null, paramsFor: () => SqlParams): Statement[] {
  const { call, relation, query } = write;
  const rows = bodyRows(call);
  const columns = insertColumns(relation, query, rows);
  if (call.prefs.missingDefault) apply(call.prefs, 'missing=default');
  const upsert = upsertOf(write);
  return insertGroups(rows, columns, call.prefs.missingDefault).map((group) => {
    const p = paramsFor();
    return { sql: insertSql(relation, group, p, upsert, returning), params: p };
  });
}

/** Prefer: resolution=… makes the insert an upsert on `on_conflict`, by default the primary key. */
function upsertOf({ call: { prefs }, relation, query }: Write): Upsert | undefined {
  if (!prefs.resolution) return undefined;
  apply(prefs, `resolution=${prefs.resolution}`);
  const onConflict = query.onConflict ?? relation.primaryKey;
  checkColumns(relation, onConflict);
  return { onConflict, ignoreDuplicates: prefs.resolution === 'ignore-duplicates' };
}

/** PATCH and DELETE: the statement over the rows the filters choose. */
function filteredStatements(write: Write, returning: string[] | null, p: SqlParams): Statement[] {
  const { call, relation, query, method } = write;
  const conditions = targetConditions(write, p);
  if (method === 'DELETE') return [{ sql: deleteSql(relation, conditions, returning), params: p }];
  const values = bodyObject(call);
  const columns = patchColumns(relation, query, values);
  // An empty patch changes nothing; PostgREST answers it like an update of no rows.
  if (columns.length === 0) return [];
  return [{ sql: updateSql(relation, values, columns, conditions, p, returning), params: p }];
}

/** The filters' conditions; with limit or offset, PostgREST's limited form picks the rows by a subquery, in order. */
function targetConditions({ relation, query }: Write, p: SqlParams): string[] {
  const scope = { relation, alias: 't0', params: p };
  const conditions = query.root.conditions.map((c) => conditionSql(c, scope));
  const { limit, offset, order } = query.root;
  if (limit === undefined && offset === undefined) return conditions;
  const orderBy = order.length > 0 ? ` order by ${orderSql(order, scope)}` : '';
  const page = `${limit === undefined ? '' : ` limit (${p.text(String(limit))})::bigint`}${offset === undefined ? '' : ` offset (${p.text(String(offset))})::bigint`}`;
  const picked = `select t0.ctid from ${tableRef(relation.name)} t0${whereClause(conditions)}${orderBy}${page}`;
  return [`t0.ctid = any(array(${picked}))`];
}

/** The statements as CTEs of one query that reads the answer's rows from what they returned. */
async function runReturning(
  tx: Queryable,
  call: RestCall,
  shape: Shape,
  statements: Statement[],
  params: SqlParams,
): Promise<Written> {
  if (statements.length === 0) return { n: 0, body: '[]' };
  const ctes = statements.map((s, i) => `w${i} as (${s.sql})`);
  const union = statements.map((_, i) => `select * from w${i}`).join(' union all ');
  const sql = readStatement(shape, {
    with: `with ${ctes.join(', ')}, w as (${union}) `,
    from: 'w t0',
    count: false,
    stripNulls: call.accept.stripNulls,
  });
  const row = (await tx.query<ReadRow>(sql, params.values)).rows[0]!;
  return { n: toCount(row.n), body: row.body };
}

async function runMinimal(tx: Queryable, statements: Statement[]): Promise<Written> {
  let n = 0;
  for (const s of statements) n += (await tx.query(s.sql, s.params.values)).affectedRows ?? 0;
  return { n, body: '[]' };
}

function checkAffected(call: RestCall, n: number): void {
  const { prefs, accept } = call;
  if (accept.single && n !== 1) throw singleRowError(n);
  if (prefs.strict && prefs.maxAffected !== undefined && n > prefs.maxAffected) {
    throw pgrstError(
      400,
      'PGRST124',
      'Query result exceeds max-affected preference constraint',
      `The query affects ${n} rows`,
    );
  }
}

/** 201 for POST, else 200 with a representation and 204 without; Location for POST with return=headers-only. */
function writeResponse({ call, relation, method, mode }: Write, { n, body }: Written): ApiResponse {
  const status = method === 'POST' ? 201 : mode === 'representation' ? 200 : 204;
  const headers = {
    ...jsonHeaders(call.accept, call.prefs),
    'content-range': contentRange(0, n, call.prefs.count ? n : undefined),
  };
  if (mode === 'representation') return { status, headers, body: call.accept.single ? onlyElement(body) : body };
  const location = mode === 'headers-only' && method === 'POST' ? locationOf(relation, body) : {};
  return { status, headers: { ...headers, ...location } };
}

function locationOf(relation: Relation, body: string): Record<string, string> {
  const first = (JSON.parse(body) as Record<string, unknown>[])[0];
  if (!first || relation.primaryKey.length === 0) return {};
  const query = relation.primaryKey.map((c) => `${encodeURIComponent(c)}=eq.${encodeURIComponent(String(first[c]))}`);
  return { location: `/${relation.name}?${query.join('&')}` };
}
