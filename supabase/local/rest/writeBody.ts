// The JSON body of a write: its rows and the columns they name, refused in PostgREST's words when it is not that.
import { jsonBody } from '../http.ts';
import { checkColumns, type JsonRow } from './buildWrite.ts';
import type { RestCall } from './call.ts';
import { pgrstError } from './errors.ts';
import type { ParsedQuery } from './parseQuery.ts';
import type { Relation } from './schemaCache.ts';

function invalidBody(message: string) {
  return pgrstError(400, 'PGRST102', 'Empty or invalid json', message);
}

function isRow(value: unknown): value is JsonRow {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function parsedBody(call: RestCall): unknown {
  const body = jsonBody(call.req, invalidBody);
  if (body === undefined) throw invalidBody('The request body is empty');
  return body;
}

/** POST's body: one object or an array of them. */
export function bodyRows(call: RestCall): JsonRow[] {
  const body = parsedBody(call);
  const rows: unknown[] = Array.isArray(body) ? body : [body];
  if (!rows.every(isRow)) throw invalidBody('Expected a JSON object or an array of objects');
  return rows;
}

/** PATCH's body: one object, the values to set. */
export function bodyObject(call: RestCall): JsonRow {
  const body = parsedBody(call);
  if (!isRow(body)) throw invalidBody('Expected a JSON object');
  return body;
}

/** The columns an insert names: `columns=` when given, else every key of the payload, in first-seen order. */
export function insertColumns(relation: Relation, query: ParsedQuery, rows: JsonRow[]): string[] {
  const columns = query.columns ?? [...new Set(rows.flatMap((row) => Object.keys(row)))];
  checkColumns(relation, columns);
  return columns;
}

/** The columns a patch sets: `columns=` when given, else the keys of its object. */
export function patchColumns(relation: Relation, query: ParsedQuery, values: JsonRow): string[] {
  const columns = query.columns ?? Object.keys(values);
  checkColumns(relation, columns);
  return columns;
}
