// SQL for inserts, upserts, updates and deletes; rows arrive as one JSON parameter and Postgres converts the types.
import { pgrstError } from './errors.ts';
import type { Relation } from './schemaCache.ts';
import { ident, tableRef, type SqlParams } from './sql.ts';

export type JsonRow = Record<string, unknown>;

export function unknownPayloadColumn(relation: Relation, column: string) {
  return pgrstError(400, 'PGRST204', `Could not find the '${column}' column of '${relation.name}' in the schema cache`);
}

export function checkColumns(relation: Relation, columns: Iterable<string>): void {
  for (const column of columns) if (!relation.columnByName.has(column)) throw unknownPayloadColumn(relation, column);
}

/** `returning` for the columns a representation reads; none at all for return=minimal. */
function returningSql(returning: string[] | null): string {
  if (returning === null) return '';
  if (returning.length === 0) return ' returning 1';
  return ` returning ${returning.map((c) => `t0.${ident(c)}`).join(', ')}`;
}

export interface InsertGroup {
  columns: string[];
  rows: JsonRow[];
}

/**
 * Rows with missing=default are grouped by the keys they carry, so each group's insert names only those columns and
 * the others take their defaults; otherwise one group names every column and a missing key is null, as in PostgREST.
 */
export function insertGroups(rows: JsonRow[], columns: string[], missingDefault: boolean): InsertGroup[] {
  if (!missingDefault) return [{ columns, rows }];
  const groups = new Map<string, InsertGroup>();
  for (const row of rows) {
    const present = columns.filter((c) => c in row);
    const key = JSON.stringify(present);
    const group = groups.get(key) ?? { columns: present, rows: [] };
    group.rows.push(row);
    groups.set(key, group);
  }
  return [...groups.values()];
}

export interface Upsert {
  onConflict: string[];
  ignoreDuplicates: boolean;
}

export function insertSql(
  relation: Relation,
  group: InsertGroup,
  params: SqlParams,
  upsert: Upsert | undefined,
  returning: string[] | null,
): string {
  const table = tableRef(relation.name);
  const cols = group.columns.map(ident);
  const target = cols.length > 0 ? ` (${cols.join(', ')})` : '';
  const source = `json_populate_recordset(null::${table}, ${params.text(JSON.stringify(group.rows))}::json) _p`;
  let sql = `insert into ${table} as t0${target} select ${cols.map((c) => `_p.${c}`).join(', ')} from ${source}`;
  if (upsert) {
    const conflict = upsert.onConflict.length > 0 ? ` (${upsert.onConflict.map(ident).join(', ')})` : '';
    if (upsert.ignoreDuplicates || cols.length === 0) sql += ` on conflict${conflict} do nothing`;
    else sql += ` on conflict${conflict} do update set ${cols.map((c) => `${c} = excluded.${c}`).join(', ')}`;
  }
  return sql + returningSql(returning);
}

export function updateSql(
  relation: Relation,
  values: JsonRow,
  columns: string[],
  conditions: string[],
  params: SqlParams,
  returning: string[] | null,
): string {
  const table = tableRef(relation.name);
  const set = columns.map((c) => `${ident(c)} = _p.${ident(c)}`).join(', ');
  const source = `json_populate_record(null::${table}, ${params.text(JSON.stringify(values))}::json) _p`;
  const where = conditions.length > 0 ? ` where ${conditions.join(' and ')}` : '';
  return `update ${table} as t0 set ${set} from ${source}${where}${returningSql(returning)}`;
}

export function deleteSql(relation: Relation, conditions: string[], returning: string[] | null): string {
  const where = conditions.length > 0 ? ` where ${conditions.join(' and ')}` : '';
  return `delete from ${tableRef(relation.name)} as t0${where}${returningSql(returning)}`;
}
