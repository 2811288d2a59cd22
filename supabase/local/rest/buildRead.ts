// Plans a select with its embedded resources into SQL that builds the JSON rows in Postgres, in a single statement.
import { pgrstError } from './errors.ts';
import { embedRowsCounted, MAX_ANSWER_BYTES } from './limits.ts';
import type { SelectItem } from './parseSelect.ts';
import type { QueryLevel } from './parseQuery.ts';
import { joinConditions, resolveRelationship } from './relationships.ts';
import type { Relation, SchemaCache } from './schemaCache.ts';
import { conditionSql, fieldSql, ident, orderSql, tableRef, type SqlParams } from './sql.ts';

export class Planner {
  private aliases = 0;

  constructor(
    readonly cache: SchemaCache,
    readonly params: SqlParams,
  ) {}

  nextAlias(): string {
    this.aliases += 1;
    return `t${this.aliases}`;
  }
}

/** One level of a read: what it projects, which rows it keeps, in which order and how many. */
export interface Shape {
  relation: Relation;
  alias: string;
  /** `expression as "key"` items, in the order of the select. */
  projection: string[];
  /** Columns of the relation the projection and the embeds read: what a write must return. */
  needed: Set<string>;
  /** Conditions on `alias`, joined with and. */
  conditions: string[];
  orderBy: string;
  limit?: string;
  offset?: string;
}

function notEmbedded(name: string) {
  return pgrstError(
    400,
    'PGRST108',
    `'${name}' is not an embedded resource in this request`,
    null,
    `Verify that '${name}' is included in the 'select' query parameter.`,
  );
}

export function planShape(
  planner: Planner,
  relation: Relation,
  alias: string,
  items: SelectItem[],
  level: QueryLevel,
): Shape {
  const { params } = planner;
  const shape: Shape = { relation, alias, projection: [], needed: new Set(), conditions: [], orderBy: '' };
  const existsByKey = new Map<string, string>();
  const usedChildren = new Set<string>();
  for (const item of items) {
    if (item.kind === 'star') {
      for (const column of relation.columns) {
        shape.projection.push(`${alias}.${ident(column.name)}`);
        shape.needed.add(column.name);
      }
    } else if (item.kind === 'column') {
      const field = fieldSql(relation, alias, item.field, params);
      const expression = item.cast ? `${field.sql}::${item.cast}` : field.sql;
      shape.projection.push(`${expression} as ${ident(item.alias ?? field.key)}`);
      shape.needed.add(item.field.name);
    } else {
      const key = item.alias ?? item.relation;
      const childKey = level.children.has(key) ? key : item.relation;
      usedChildren.add(childKey);
      const childLevel = level.children.get(childKey) ?? { conditions: [], order: [], children: new Map() };
      const rel = resolveRelationship(planner.cache, relation, item.relation, item.hint);
      const childAlias = planner.nextAlias();
      const child = planShape(planner, rel.target, childAlias, item.items, childLevel);
      const join = joinConditions(rel, childAlias, alias, `${childAlias}_x`);
      rel.parentColumns.forEach((c) => shape.needed.add(c));
      const where = `where ${[...join, ...child.conditions, embedRowsCounted()].join(' and ')}`;
      const from = `from ${tableRef(rel.target.name)} ${childAlias} ${where}`;
      const exists = `exists (select 1 ${from})`;
      existsByKey.set(key, exists);
      if (item.inner) shape.conditions.push(exists);
      const rows = `(select ${child.projection.join(', ')} ${from}${tail(child)}) ${childAlias}_j`;
      shape.projection.push(
        rel.cardinality === 'one-to-many' || rel.cardinality === 'many-to-many'
          ? `(select coalesce(json_agg(${childAlias}_j), '[]') from ${rows}) as ${ident(key)}`
          : `(select row_to_json(${childAlias}_j) from ${rows}) as ${ident(key)}`,
      );
    }
  }
  for (const name of level.children.keys()) if (!usedChildren.has(name)) throw notEmbedded(name);
  const scope = { relation, alias, params, embedExists: (key: string) => existsByKey.get(key) };
  for (const condition of level.conditions) shape.conditions.push(conditionSql(condition, scope));
  if (level.order.length > 0) shape.orderBy = orderSql(level.order, scope);
  if (level.limit !== undefined) shape.limit = params.text(String(level.limit));
  if (level.offset !== undefined) shape.offset = params.text(String(level.offset));
  return shape;
}

/** The order by / limit / offset clauses of a shape. */
export function tail(shape: Shape): string {
  let sql = '';
  if (shape.orderBy) sql += ` order by ${shape.orderBy}`;
  if (shape.limit) sql += ` limit (${shape.limit})::bigint`;
  if (shape.offset) sql += ` offset (${shape.offset})::bigint`;
  return sql;
}

export function whereClause(conditions: string[]): string {
  return conditions.length > 0 ? ` where ${conditions.join(' and ')}` : '';
}

export interface ReadStatementOptions {
  /** The from-list item that binds `shape.alias`: a table, a write's CTE, or a function call. */
  from: string;
  count: boolean;
  stripNulls: boolean;
  /** Statement prefix, e.g. the `with w as (insert ...)` of a write. */
  with?: string;
  /** A read: past MAX_ANSWER_BYTES, body is null and only its size (bytes) comes back from the database. */
  bounded?: boolean;
}

/** Answers body (JSON text), n (rows in the page) and, when counting, total (rows before limit and offset). */
export function readStatement(shape: Shape, options: ReadStatementOptions): string {
  const where = whereClause(shape.conditions);
  const rows = `select ${shape.projection.join(', ')} from ${options.from}${where}${tail(shape)}`;
  const json = options.stripNulls ? `json_strip_nulls(coalesce(json_agg(_r), '[]'))` : `coalesce(json_agg(_r), '[]')`;
  const total = options.count ? `, (select count(*) from ${options.from}${where})::int8 as total` : '';
  const statement = `${options.with ?? ''}select ${json}::text as body, count(*)::int8 as n${total} from (${rows}) _r`;
  if (!options.bounded) return statement;
  const bytes = 'octet_length(_a.body)';
  return `select case when ${bytes} > ${MAX_ANSWER_BYTES} then null else _a.body end as body, ${bytes}::int8 as bytes, _a.n${total ? ', _a.total' : ''} from (${statement}) _a`;
}
