// What PostgREST calls the schema cache: the tables, views, keys and functions of schema public, read from pg_catalog.
import type { Db } from '../db.ts';

export interface Column {
  name: string;
  /** format_type without a type modifier, so a cast to it never truncates. */
  type: string;
}

export interface Relation {
  name: string;
  kind: 'table' | 'view' | 'function';
  columns: Column[];
  columnByName: Map<string, Column>;
  primaryKey: string[];
  /** Primary key and unique constraints, each as its column list; decides one-to-one embeds. */
  uniqueKeys: string[][];
}

export interface ForeignKey {
  name: string;
  table: string;
  columns: string[];
  refTable: string;
  refColumns: string[];
}

export interface FunctionArg {
  name: string;
  type: string;
  hasDefault: boolean;
}

export type FunctionReturn =
  | { kind: 'void' }
  | { kind: 'scalar'; type: string; set: boolean }
  | { kind: 'composite'; set: boolean; relation: Relation };

export interface PgFunction {
  name: string;
  args: FunctionArg[];
  returns: FunctionReturn;
}

export interface SchemaCache {
  relations: Map<string, Relation>;
  foreignKeys: ForeignKey[];
  functions: Map<string, PgFunction[]>;
  loadedAt: number;
}

interface RawColumn {
  name: string;
  type: string;
}

interface RawCatalog {
  relations: { name: string; kind: string; columns: RawColumn[]; uniques: string[][] | null; pk: string[] | null }[];
  fks: ForeignKey[];
  functions: {
    name: string;
    returnsSet: boolean;
    returnType: string;
    returnTypeKind: string;
    returnTable: string | null;
    returnColumns: RawColumn[] | null;
    nargs: number;
    ndefaults: number;
    argNames: string[] | null;
    argModes: string[] | null;
    argTypes: string[];
  }[];
}

// One round trip that returns the whole catalog of schema public as JSON text.
const CATALOG_SQL = `
with cols as (
  select a.attrelid, json_agg(json_build_object('name', a.attname, 'type', format_type(a.atttypid, null)) order by a.attnum) as columns
  from pg_attribute a
  where a.attnum > 0 and not a.attisdropped
    and a.attrelid in (select oid from pg_class where relnamespace = 'public'::regnamespace
                       or oid in (select typrelid from pg_type t join pg_proc p on p.prorettype = t.oid
                                  where p.pronamespace = 'public'::regnamespace))
  group by a.attrelid
),
keys as (
  select con.conrelid, con.contype, con.oid,
         array(select a.attname::text from unnest(con.conkey) with ordinality k(n, o)
               join pg_attribute a on a.attrelid = con.conrelid and a.attnum = k.n order by k.o) as columns
  from pg_constraint con
  where con.contype in ('p', 'u') and con.connamespace = 'public'::regnamespace
)
select json_build_object(
  'relations', (select coalesce(json_agg(json_build_object(
      'name', c.relname, 'kind', c.relkind, 'columns', coalesce(cols.columns, '[]'),
      'pk', (select k.columns from keys k where k.conrelid = c.oid and k.contype = 'p'),
      'uniques', (select json_agg(k.columns) from keys k where k.conrelid = c.oid))), '[]')
    from pg_class c left join cols on cols.attrelid = c.oid
    where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'v', 'm', 'f', 'p')),
  'fks', (select coalesce(json_agg(json_build_object(
      'name', con.conname, 'table', cl.relname, 'refTable', rf.relname,
      'columns', array(select a.attname from unnest(con.conkey) with ordinality k(n, o)
                       join pg_attribute a on a.attrelid = con.conrelid and a.attnum = k.n order by k.o),
      'refColumns', array(select a.attname from unnest(con.confkey) with ordinality k(n, o)
                          join pg_attribute a on a.attrelid = con.confrelid and a.attnum = k.n order by k.o))), '[]')
    from pg_constraint con join pg_class cl on cl.oid = con.conrelid join pg_class rf on rf.oid = con.confrelid
    where con.contype = 'f' and cl.relnamespace = 'public'::regnamespace and rf.relnamespace = 'public'::regnamespace),
  'functions', (select coalesce(json_agg(json_build_object(
      'name', p.proname, 'returnsSet', p.proretset, 'returnType', format_type(p.prorettype, null),
      'returnTypeKind', rt.typtype,
      'returnTable', (select relname from pg_class where oid = rt.typrelid and relnamespace = 'public'::regnamespace
                      and relkind in ('r', 'v', 'm', 'f', 'p')),
      'returnColumns', (select columns from cols where cols.attrelid = rt.typrelid),
      'nargs', p.pronargs, 'ndefaults', p.pronargdefaults, 'argNames', p.proargnames,
      'argModes', (select array_agg(m::text order by o) from unnest(p.proargmodes) with ordinality u(m, o)),
      'argTypes', array(select format_type(t, null) from unnest(coalesce(p.proallargtypes, p.proargtypes::oid[]))
                        with ordinality u(t, o) order by o))), '[]')
    from pg_proc p join pg_type rt on rt.oid = p.prorettype
    where p.pronamespace = 'public'::regnamespace and p.prokind = 'f')
)::text as catalog`;

function makeRelation(
  name: string,
  kind: Relation['kind'],
  columns: Column[],
  primaryKey: string[] = [],
  uniqueKeys: string[][] = [],
): Relation {
  return { name, kind, columns, columnByName: new Map(columns.map((c) => [c.name, c])), primaryKey, uniqueKeys };
}

function toFunction(raw: RawCatalog['functions'][number], relations: Map<string, Relation>): PgFunction {
  const modes = raw.argModes ?? raw.argTypes.map(() => 'i');
  const names = raw.argNames ?? [];
  const inputs: { name: string; type: string }[] = [];
  const outputs: Column[] = [];
  raw.argTypes.forEach((type, i) => {
    const mode = modes[i] ?? 'i';
    const name = names[i] ?? '';
    if (mode === 'i' || mode === 'b' || mode === 'v') inputs.push({ name, type });
    if (mode === 'o' || mode === 'b' || mode === 't') outputs.push({ name, type });
  });
  // Defaults belong to the last input arguments.
  const firstDefault = raw.nargs - raw.ndefaults;
  const args = inputs.map((a, i) => ({ ...a, hasDefault: i >= firstDefault }));
  let returns: FunctionReturn;
  if (raw.returnType === 'void') returns = { kind: 'void' };
  else if (raw.returnType === 'record' && outputs.length > 0)
    returns = { kind: 'composite', set: raw.returnsSet, relation: makeRelation(raw.name, 'function', outputs) };
  else if (raw.returnTypeKind === 'c') {
    const table = raw.returnTable ? relations.get(raw.returnTable) : undefined;
    const relation = table ?? makeRelation(raw.name, 'function', raw.returnColumns ?? []);
    returns = { kind: 'composite', set: raw.returnsSet, relation };
  } else returns = { kind: 'scalar', type: raw.returnType, set: raw.returnsSet };
  return { name: raw.name, args, returns };
}

async function loadSchema(db: Db): Promise<SchemaCache> {
  const { rows } = await db.query<{ catalog: string }>(CATALOG_SQL);
  const raw = JSON.parse(rows[0]!.catalog) as RawCatalog;
  const relations = new Map<string, Relation>();
  for (const r of raw.relations) {
    const kind = r.kind === 'v' || r.kind === 'm' ? 'view' : 'table';
    relations.set(r.name, makeRelation(r.name, kind, r.columns, r.pk ?? [], r.uniques ?? []));
  }
  const functions = new Map<string, PgFunction[]>();
  for (const f of raw.functions) {
    const list = functions.get(f.name) ?? [];
    list.push(toFunction(f, relations));
    functions.set(f.name, list);
  }
  return { relations, foreignKeys: raw.fks, functions, loadedAt: Date.now() };
}

const caches = new WeakMap<Db, Promise<SchemaCache>>();

/** The cached schema of `db`, loaded on first use. */
export function schemaCache(db: Db): Promise<SchemaCache> {
  let cache = caches.get(db);
  if (!cache) {
    cache = loadSchema(db);
    caches.set(db, cache);
    // A failed load must not stick: the next request tries again.
    cache.catch(() => caches.delete(db));
  }
  return cache;
}

/**
 * Reloads the cache when a name was not found in it, at most once a second, so tables created after the stack
 * started become visible without a restart while a flood of bad names cannot turn into a flood of catalog reads.
 */
export async function reloadedSchemaCache(db: Db, stale: SchemaCache): Promise<SchemaCache> {
  if (Date.now() - stale.loadedAt < 1000) return stale;
  const current = await schemaCache(db);
  if (current !== stale) return current;
  const fresh = loadSchema(db);
  caches.set(db, fresh);
  fresh.catch(() => caches.delete(db));
  return fresh;
}
