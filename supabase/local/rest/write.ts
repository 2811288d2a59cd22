// POST (insert, upsert), PATCH and DELETE on a table: the write and its representation in one statement, RLS deciding.
import { jsonBody, type ApiResponse } from '../http.ts';
import type { Queryable } from '../db.ts';
import { Planner, planShape, readStatement, whereClause, type Shape } from './buildRead.ts';
import {
  checkColumns,
  deleteSql,
  insertGroups,
  insertSql,
  updateSql,
  unknownPayloadColumn,
  type JsonRow,
} from './buildWrite.ts';
import { inTransaction, toCount, type RestCall } from './call.ts';
import { pgrstError } from './errors.ts';
import { parseQuery, type ParsedQuery } from './parseQuery.ts';
import { apply } from './prefer.ts';
import { contentRange, jsonHeaders, onlyElement, singleRowError } from './respond.ts';
import type { Relation } from './schemaCache.ts';
import { conditionSql, orderSql, SqlParams, tableRef } from './sql.ts';
import type { ReadRow } from './read.ts';

function invalidBody(message: string) {
  return pgrstError(400, 'PGRST102', 'Empty or invalid json', message);
}

function isRow(value: unknown): value is JsonRow {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function bodyRows(call: RestCall, allowArray: boolean): JsonRow[] {
  const body = jsonBody(call.req, invalidBody);
  if (body === undefined) throw invalidBody('The request body is empty');
  const rows = Array.isArray(body) && allowArray ? body : [body];
  if (!rows.every(isRow))
    throw invalidBody(allowArray ? 'Expected a JSON object or an array of objects' : 'Expected a JSON object');
  return rows;
}

/** The columns a write names: `columns=` when given, else every key of the payload, in first-seen order. */
function payloadColumns(relation: Relation, query: ParsedQuery, rows: JsonRow[]): string[] {
  if (query.columns) {
    checkColumns(relation, query.columns);
    return query.columns;
  }
  const columns = [...new Set(rows.flatMap((row) => Object.keys(row)))];
  checkColumns(relation, columns);
  return columns;
}

interface Mutation {
  /** The data-modifying statements, each with its own parameters; a representation has exactly one. */
  statements: { sql: string; params: SqlParams }[];
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

async function runMinimal(tx: Queryable, mutation: Mutation): Promise<number> {
  let n = 0;
  for (const s of mutation.statements) n += (await tx.query(s.sql, s.params.values)).affectedRows ?? 0;
  return n;
}

function locationOf(relation: Relation, body: string): Record<string, string> {
  const first = (JSON.parse(body) as JsonRow[])[0];
  if (!first || relation.primaryKey.length === 0) return {};
  const query = relation.primaryKey.map((c) => `${encodeURIComponent(c)}=eq.${encodeURIComponent(String(first[c]))}`);
  return { location: `/${relation.name}?${query.join('&')}` };
}

export async function writeTable(call: RestCall, relation: Relation, method: 'POST' | 'PATCH' | 'DELETE') {
  const { prefs } = call;
  const query = parseQuery(call.req.url);
  const mode = prefs.return ?? 'minimal';
  if (prefs.return) apply(prefs, `return=${prefs.return}`);
  if (prefs.count) apply(prefs, `count=${prefs.count}`);
  if (prefs.rollback) apply(prefs, 'tx=rollback');
  if (prefs.strict) apply(prefs, 'handling=strict');
  if (prefs.strict && prefs.maxAffected !== undefined) apply(prefs, `max-affected=${prefs.maxAffected}`);

  const params = new SqlParams();
  const planner = new Planner(call.cache, params);
  // headers-only needs the primary key of an inserted row for Location; representation the selected columns.
  const wantRows = mode === 'representation' || (mode === 'headers-only' && method === 'POST');
  let shape: Shape | undefined;
  if (wantRows) {
    const select =
      mode === 'representation'
        ? query.select
        : relation.primaryKey.map((name) => ({ kind: 'column' as const, field: { name, jsonPath: [] } }));
    // The write's own filters already chose the rows; embedded filters and transforms still apply to embeds.
    const level = { conditions: [], order: [], children: query.root.children };
    shape = planShape(planner, relation, 't0', select, level);
  }
  const returning = shape ? [...shape.needed] : null;
  const statementParams = () => (shape ? params : new SqlParams());
  const mutation: Mutation = { statements: [] };

  if (method === 'POST') {
    const rows = bodyRows(call, true);
    const columns = payloadColumns(relation, query, rows);
    if (prefs.missingDefault) apply(prefs, 'missing=default');
    let upsert;
    if (prefs.resolution) {
      apply(prefs, `resolution=${prefs.resolution}`);
      const onConflict = query.onConflict ?? relation.primaryKey;
      checkColumns(relation, onConflict);
      upsert = { onConflict, ignoreDuplicates: prefs.resolution === 'ignore-duplicates' };
    }
    for (const group of insertGroups(rows, columns, prefs.missingDefault)) {
      const p = statementParams();
      mutation.statements.push({ sql: insertSql(relation, group, p, upsert, returning), params: p });
    }
  } else {
    const p = statementParams();
    const scope = { relation, alias: 't0', params: p };
    const conditions = query.root.conditions.map((c) => conditionSql(c, scope));
    const { limit, offset, order } = query.root;
    if (limit !== undefined || offset !== undefined) {
      // PostgREST's limited update/delete: the rows are picked by a subquery over the same filters, in the given order.
      const orderBy = order.length > 0 ? ` order by ${orderSql(order, scope)}` : '';
      const page = `${limit === undefined ? '' : ` limit (${p.text(String(limit))})::bigint`}${offset === undefined ? '' : ` offset (${p.text(String(offset))})::bigint`}`;
      const picked = `select t0.ctid from ${tableRef(relation.name)} t0${whereClause(conditions)}${orderBy}${page}`;
      conditions.splice(0, conditions.length, `t0.ctid = any(array(${picked}))`);
    }
    if (method === 'PATCH') {
      const [values] = bodyRows(call, false) as [JsonRow];
      const columns = query.columns ?? Object.keys(values);
      for (const column of columns)
        if (!relation.columnByName.has(column)) throw unknownPayloadColumn(relation, column);
      // An empty patch changes nothing; PostgREST answers it like an update of no rows.
      if (columns.length > 0) {
        mutation.statements.push({ sql: updateSql(relation, values, columns, conditions, p, returning), params: p });
      }
    } else {
      mutation.statements.push({ sql: deleteSql(relation, conditions, returning), params: p });
    }
  }

  const status = method === 'POST' ? 201 : mode === 'representation' ? 200 : 204;
  return inTransaction(call, async (tx): Promise<ApiResponse> => {
    let n = 0;
    let body = '[]';
    if (shape) {
      if (mutation.statements.length > 0) {
        const ctes = mutation.statements.map((s, i) => `w${i} as (${s.sql})`);
        const union = mutation.statements.map((_, i) => `select * from w${i}`).join(' union all ');
        const sql = readStatement(shape, {
          with: `with ${ctes.join(', ')}, w as (${union}) `,
          from: 'w t0',
          count: false,
          stripNulls: call.accept.stripNulls,
        });
        const row = (await tx.query<ReadRow>(sql, params.values)).rows[0]!;
        n = toCount(row.n);
        body = row.body;
      }
    } else {
      n = await runMinimal(tx, mutation);
    }
    checkAffected(call, n);
    const headers = {
      ...jsonHeaders(call.accept, prefs),
      'content-range': contentRange(0, n, prefs.count ? n : undefined),
    };
    if (mode === 'representation') {
      return { status, headers, body: call.accept.single ? onlyElement(body) : body };
    }
    const location = mode === 'headers-only' && method === 'POST' ? locationOf(relation, body) : {};
    return { status, headers: { ...headers, ...location } };
  });
}
