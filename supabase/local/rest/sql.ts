// SQL building blocks: bind parameters, quoted identifiers, and filters / order terms compiled against the schema cache.
import type { Field } from './cursor.ts';
import { unknownColumn } from './errors.ts';
import type { Condition, OrderTerm, Predicate } from './parseFilters.ts';
import type { Relation } from './schemaCache.ts';

/**
 * Collects bind parameters. Every value is sent as text and cast in SQL, so PGlite and node-postgres, which infer
 * and serialize parameter types differently, see the same statement.
 */
export class SqlParams {
  readonly values: (string | null)[] = [];

  text(value: string | null): string {
    this.values.push(value);
    return `$${this.values.length}::text`;
  }
}

export function ident(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

export function tableRef(name: string): string {
  return `"public".${ident(name)}`;
}

/** A Postgres array literal of `values`, every element quoted, to bind as one text parameter. */
export function arrayLiteral(values: string[]): string {
  return `{${values.map((v) => `"${v.replace(/[\\"]/g, '\\$&')}"`).join(',')}}`;
}

export interface FieldSql {
  sql: string;
  type: string;
  /** The key the field gets in a JSON row: the column name, or the last key of a JSON path. */
  key: string;
}

export function fieldSql(relation: Relation, alias: string, field: Field, params: SqlParams): FieldSql {
  const column = relation.columnByName.get(field.name);
  if (!column) throw unknownColumn(relation.name, field.name);
  let sql = `${alias}.${ident(column.name)}`;
  let type = column.type;
  for (const step of field.jsonPath) {
    const key = /^-?\d+$/.test(step.key) ? `(${params.text(step.key)})::int` : params.text(step.key);
    // json has no equality operator; jsonb compares, so a `->` step yields jsonb.
    sql = step.arrow === '->>' ? `(${sql}->>${key})` : `(${sql}->${key})::jsonb`;
    type = step.arrow === '->>' ? 'text' : 'jsonb';
  }
  const last = field.jsonPath[field.jsonPath.length - 1];
  return { sql, type, key: last ? last.key : column.name };
}

const COMPARISON: Record<string, string> = {
  eq: '=',
  neq: '<>',
  gt: '>',
  gte: '>=',
  lt: '<',
  lte: '<=',
  isdistinct: 'is distinct from',
  cs: '@>',
  cd: '<@',
  ov: '&&',
  sl: '<<',
  sr: '>>',
  nxl: '&<',
  nxr: '&>',
  adj: '-|-',
};
const PATTERN: Record<string, string> = { like: 'like', ilike: 'ilike', match: '~', imatch: '~*' };
const TSQUERY: Record<string, string> = {
  fts: 'to_tsquery',
  plfts: 'plainto_tsquery',
  phfts: 'phraseto_tsquery',
  wfts: 'websearch_to_tsquery',
};

function predicateSql(p: Predicate, lhs: FieldSql, params: SqlParams): string {
  const likeValue = (v: string) => (p.op === 'like' || p.op === 'ilike' ? v.replace(/\*/g, '%') : v);
  if (p.op === 'is') {
    const v = p.value.toLowerCase();
    return `${lhs.sql} is ${v === 'not_null' ? 'not null' : v}`;
  }
  if (p.op === 'in') {
    if (p.list.length === 0) return 'false';
    // A scalar subquery is evaluated once; a bare cast of the parameter would be redone for every row filtered.
    // The trailing cast keeps ANY reading an array expression, not the rows of a subquery.
    return `${lhs.sql} = any((select ${params.text(arrayLiteral(p.list))}::${lhs.type}[])::${lhs.type}[])`;
  }
  if (p.op in PATTERN) {
    const op = PATTERN[p.op]!;
    if (p.quantifier) return `${lhs.sql}::text ${op} ${p.quantifier}(${params.text(likeValue(p.value))}::text[])`;
    return `${lhs.sql}::text ${op} ${params.text(likeValue(p.value))}`;
  }
  if (p.op in TSQUERY) {
    const config = p.config === undefined ? '' : `${params.text(p.config)}::regconfig, `;
    const vector = lhs.type === 'tsvector' ? lhs.sql : `to_tsvector(${config}${lhs.sql})`;
    return `${vector} @@ ${TSQUERY[p.op]}(${config}${params.text(p.value)})`;
  }
  const op = COMPARISON[p.op]!;
  if (p.quantifier) {
    return `${lhs.sql} ${op} ${p.quantifier}((select ${params.text(p.value)}::${lhs.type}[])::${lhs.type}[])`;
  }
  return `${lhs.sql} ${op} (select ${params.text(p.value)}::${lhs.type})`;
}

export interface ConditionScope {
  relation: Relation;
  alias: string;
  params: SqlParams;
  /** `exists (...)` for an embedded resource named `key` at this level, so `author=is.null` can filter parents. */
  embedExists?: (key: string) => string | undefined;
}

export function conditionSql(c: Condition, scope: ConditionScope): string {
  if (c.kind === 'logic') {
    const inner = c.children.map((child) => conditionSql(child, scope)).join(c.op === 'or' ? ' or ' : ' and ');
    return c.negate ? `not (${inner})` : `(${inner})`;
  }
  const exists = c.op === 'is' && c.field.jsonPath.length === 0 ? scope.embedExists?.(c.field.name) : undefined;
  if (exists !== undefined) {
    const v = c.value.toLowerCase();
    if (v === 'null' || v === 'not_null') {
      const wantsNull = (v === 'null') !== c.negate;
      return wantsNull ? `not ${exists}` : exists;
    }
  }
  const sql = predicateSql(c, fieldSql(scope.relation, scope.alias, c.field, scope.params), scope.params);
  return c.negate ? `not (${sql})` : sql;
}

export function orderSql(terms: OrderTerm[], scope: ConditionScope): string {
  return terms
    .map((t) => {
      const { sql } = fieldSql(scope.relation, scope.alias, t.field, scope.params);
      const nulls = t.nulls ? ` nulls ${t.nulls}` : '';
      return `${sql} ${t.descending ? 'desc' : 'asc'}${nulls}`;
    })
    .join(', ');
}
