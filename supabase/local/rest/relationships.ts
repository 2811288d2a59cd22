// Finds the foreign key behind an embedded resource, with PostgREST's hints, ambiguity (300) and not-found (400) answers.
import { pgrstError } from './errors.ts';
import type { ForeignKey, Relation, SchemaCache } from './schemaCache.ts';
import { ident, tableRef } from './sql.ts';

export interface Relationship {
  constraint: string;
  cardinality: 'many-to-one' | 'one-to-many' | 'one-to-one' | 'many-to-many';
  target: Relation;
  /** Joined pairwise: target.targetColumns[i] = parent.parentColumns[i], or both through `junction`. */
  parentColumns: string[];
  targetColumns: string[];
  /** Many-to-many: the junction table's columns that reference the parent and the target. */
  junction?: { table: string; toParent: string[]; toTarget: string[] };
}

function sameColumns(a: string[], b: string[]): boolean {
  return a.length === b.length && a.every((c) => b.includes(c));
}

function candidates(cache: SchemaCache, parent: Relation, target: Relation): Relationship[] {
  const out: Relationship[] = [];
  const add = (fk: ForeignKey, manyToOne: boolean) => {
    const oneToOne = !manyToOne && target.uniqueKeys.some((key) => sameColumns(key, fk.columns));
    out.push({
      constraint: fk.name,
      cardinality: manyToOne ? 'many-to-one' : oneToOne ? 'one-to-one' : 'one-to-many',
      target,
      parentColumns: manyToOne ? fk.columns : fk.refColumns,
      targetColumns: manyToOne ? fk.refColumns : fk.columns,
    });
  };
  for (const fk of cache.foreignKeys) {
    if (fk.table === parent.name && fk.refTable === target.name) add(fk, true);
    if (fk.refTable === parent.name && fk.table === target.name) add(fk, false);
  }
  // Many-to-many, as PostgREST detects it: a third table with keys to both whose columns are in its primary key.
  for (const toParent of cache.foreignKeys) {
    if (toParent.refTable !== parent.name || toParent.table === parent.name || toParent.table === target.name) continue;
    const junction = cache.relations.get(toParent.table);
    if (!junction || !toParent.columns.every((c) => junction.primaryKey.includes(c))) continue;
    for (const toTarget of cache.foreignKeys) {
      if (toTarget === toParent || toTarget.table !== junction.name || toTarget.refTable !== target.name) continue;
      if (!toTarget.columns.every((c) => junction.primaryKey.includes(c))) continue;
      out.push({
        constraint: junction.name,
        cardinality: 'many-to-many',
        target,
        parentColumns: toParent.refColumns,
        targetColumns: toTarget.refColumns,
        junction: { table: junction.name, toParent: toParent.columns, toTarget: toTarget.columns },
      });
    }
  }
  return out;
}

/** The conditions that tie a row of the target (`childAlias`) to its parent row (`parentAlias`). */
export function joinConditions(
  rel: Relationship,
  childAlias: string,
  parentAlias: string,
  junctionAlias: string,
): string[] {
  const pairs = (left: string, leftCols: string[], right: string, rightCols: string[]) =>
    leftCols.map((c, i) => `${left}.${ident(c)} = ${right}.${ident(rightCols[i]!)}`);
  if (!rel.junction) return pairs(childAlias, rel.targetColumns, parentAlias, rel.parentColumns);
  const { table, toParent, toTarget } = rel.junction;
  const on = [
    ...pairs(junctionAlias, toTarget, childAlias, rel.targetColumns),
    ...pairs(junctionAlias, toParent, parentAlias, rel.parentColumns),
  ];
  return [`exists (select 1 from ${tableRef(table)} ${junctionAlias} where ${on.join(' and ')})`];
}

// As PostgREST: a hint is the constraint name (the junction table of a many-to-many), or the single column on either
// side of the key.
function matchesHint(rel: Relationship, hint: string): boolean {
  if (rel.constraint === hint) return true;
  if (rel.junction) return false;
  const single = (cols: string[]) => cols.length === 1 && cols[0] === hint;
  return single(rel.parentColumns) || single(rel.targetColumns);
}

function describe(parent: Relation, rel: Relationship) {
  if (rel.junction) {
    return {
      cardinality: rel.cardinality,
      embedding: `${parent.name} with ${rel.target.name}`,
      relationship: `${rel.junction.table} using ${parent.name}(${rel.parentColumns.join(', ')}) and ${rel.target.name}(${rel.targetColumns.join(', ')})`,
    };
  }
  const [from, to] =
    rel.cardinality === 'many-to-one' ? [parent.name, rel.target.name] : [rel.target.name, parent.name];
  const [fromCols, toCols] =
    rel.cardinality === 'many-to-one' ? [rel.parentColumns, rel.targetColumns] : [rel.targetColumns, rel.parentColumns];
  return {
    cardinality: rel.cardinality,
    embedding: `${parent.name} with ${rel.target.name}`,
    relationship: `${rel.constraint} using ${from}(${fromCols.join(', ')}) and ${to}(${toCols.join(', ')})`,
  };
}

export function resolveRelationship(
  cache: SchemaCache,
  parent: Relation,
  targetName: string,
  hint: string | undefined,
): Relationship {
  const target = cache.relations.get(targetName);
  const all = target ? candidates(cache, parent, target) : [];
  const found = hint === undefined ? all : all.filter((r) => matchesHint(r, hint));
  if (found.length === 1) return found[0]!;
  if (found.length === 0) {
    const using = hint === undefined ? '' : ` using the hint '${hint}'`;
    throw pgrstError(
      400,
      'PGRST200',
      `Could not find a relationship between '${parent.name}' and '${targetName}' in the schema cache`,
      `Searched for a foreign key relationship between '${parent.name}' and '${targetName}'${using} in the schema 'public', but no matches were found.`,
    );
  }
  const options = found.map((r) => `'${targetName}!${r.constraint}'`).join(', ');
  throw pgrstError(
    300,
    'PGRST201',
    `Could not embed because more than one relationship was found for '${parent.name}' and '${targetName}'`,
    found.map((r) => describe(parent, r)),
    `Try changing '${targetName}' to one of the following: ${options}. Find the desired relationship in the 'details' key.`,
  );
}
