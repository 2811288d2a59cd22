// POST/GET /rpc/<fn>: picks the overload by argument names and calls it with named arguments typed by json_to_record.
import { jsonBody, type ApiResponse } from '../http.ts';
import { Planner, planShape, readStatement } from './buildRead.ts';
import { inTransaction, toCount, type RestCall } from './call.ts';
import { pgrstError } from './errors.ts';
import { answerTooLarge, capRows, checkFilterCost, MAX_ROWS } from './limits.ts';
import { parseQuery } from './parseQuery.ts';
import { apply } from './prefer.ts';
import type { ReadRow } from './read.ts';
import { applyRangeHeader } from './read.ts';
import { contentRange, jsonHeaders, readResponse } from './respond.ts';
import type { PgFunction } from './schemaCache.ts';
import { ident, SqlParams } from './sql.ts';

function notFound(name: string, keys: string[]) {
  const list = [...keys].sort().join(', ');
  const searched = keys.length > 0 ? `with parameters ${list}` : 'without parameters';
  return pgrstError(
    404,
    'PGRST202',
    `Could not find the function public.${name}(${list}) in the schema cache`,
    `Searched for the function public.${name} ${searched} or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.`,
  );
}

function isJsonType(type: string) {
  return type === 'json' || type === 'jsonb';
}

/** The overload whose named arguments cover the given keys and whose required arguments are all given. */
function chooseOverload(overloads: PgFunction[], keys: string[]): PgFunction | undefined {
  return overloads.find((f) => {
    const names = new Set(f.args.map((a) => a.name));
    return keys.every((k) => names.has(k)) && f.args.every((a) => a.hasDefault || keys.includes(a.name));
  });
}

function singleJsonArg(overloads: PgFunction[]): PgFunction | undefined {
  return overloads.find((f) => f.args.length === 1 && f.args[0]!.name === '' && isJsonType(f.args[0]!.type));
}

export async function callRpc(call: RestCall, name: string): Promise<ApiResponse> {
  const { req, cache, prefs, accept } = call;
  const overloads = cache.functions.get(name) ?? [];
  const argNames = new Set(overloads.flatMap((f) => f.args.map((a) => a.name)));
  const isGet = req.method === 'GET' || req.method === 'HEAD';
  const query = parseQuery(req.url, isGet ? argNames : new Set());
  checkFilterCost(query.root, call.claims.role);
  let args: Record<string, unknown>;
  if (isGet) args = Object.fromEntries(query.args);
  else {
    const body = jsonBody(req, (m) => pgrstError(400, 'PGRST102', 'Empty or invalid json', m)) ?? {};
    if (typeof body !== 'object' || body === null || Array.isArray(body)) {
      throw pgrstError(400, 'PGRST102', 'Empty or invalid json', 'The arguments must be a JSON object');
    }
    args = body as Record<string, unknown>;
  }
  const keys = Object.keys(args);
  const params = new SqlParams();
  let fn = chooseOverload(overloads, keys);
  // The arguments as a one-row relation, typed per argument, that the call reads its named arguments from.
  let argsFrom: string | undefined;
  let callSql: string;
  if (fn) {
    const given = fn.args.filter((a) => keys.includes(a.name));
    const named = given.map((a) => `${ident(a.name)} => _a.${ident(a.name)}`).join(', ');
    callSql = `"public".${ident(name)}(${named})`;
    if (given.length > 0) {
      const types = given.map((a) => `${ident(a.name)} ${a.type}`).join(', ');
      argsFrom = `json_to_record(${params.text(JSON.stringify(args))}::json) as _a(${types})`;
    }
  } else {
    fn = isGet ? undefined : singleJsonArg(overloads);
    if (!fn) throw notFound(name, keys);
    callSql = `"public".${ident(name)}(${params.text(JSON.stringify(args))}::${fn.args[0]!.type})`;
  }
  const fromArgs = argsFrom ? ` from ${argsFrom}` : '';
  const withArgs = (item: string) => (argsFrom ? `${argsFrom}, ${item}` : item);

  const returns = fn.returns;
  if (returns.kind === 'void') {
    const sql = `select ${callSql}${fromArgs}`;
    return inTransaction(call, async (tx) => {
      await tx.query(sql, params.values);
      return { status: 204, headers: jsonHeaders(accept, prefs) };
    });
  }
  if (returns.kind === 'scalar') {
    const sql = returns.set
      ? `select coalesce(json_agg(_r.v), '[]')::text as body, count(*)::int8 as n
         from (select _f.v from ${withArgs(`${callSql} as _f(v)`)} limit ${MAX_ROWS}) _r`
      : `select to_json(${callSql})::text as body, 1 as n${fromArgs}`;
    return inTransaction(call, async (tx) => {
      const row = (await tx.query<ReadRow>(sql, params.values)).rows[0]!;
      const n = toCount(row.n);
      const headers = { ...jsonHeaders({ single: false, stripNulls: false }, prefs) };
      if (returns.set) headers['content-range'] = contentRange(0, n, prefs.count ? n : undefined);
      return { status: 200, headers, body: row.body ?? 'null' };
    });
  }

  applyRangeHeader(call, query.root);
  if (returns.set) capRows(query.root);
  const shape = planShape(new Planner(cache, params), returns.relation, 't0', query.select, query.root);
  if (prefs.count) apply(prefs, `count=${prefs.count}`);
  const sql = readStatement(shape, {
    from: withArgs(`${callSql} t0`),
    count: prefs.count !== undefined,
    stripNulls: accept.stripNulls,
    bounded: true,
  });
  return inTransaction(call, async (tx) => {
    const row = (await tx.query<ReadRow>(sql, params.values)).rows[0]!;
    if (row.body === null) throw answerTooLarge(toCount(row.bytes));
    const result = { body: row.body, n: toCount(row.n), total: prefs.count ? toCount(row.total) : undefined };
    if (returns.set) return readResponse(result, query.root.offset ?? 0, accept, prefs);
    // A function returning one composite value answers that object, or null when it returned no row.
    return {
      status: 200,
      headers: jsonHeaders({ ...accept, single: false }, prefs),
      body: result.n === 0 ? 'null' : result.body.slice(1, -1),
    };
  });
}
