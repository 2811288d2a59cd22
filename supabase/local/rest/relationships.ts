// Finds the foreign key behind an embedded resource, with PostgREST's hints, ambiguity (300) and not-found (400) answers.
import { pgrstError } from './errors.ts';
import type { ForeignKey, Relation, SchemaCache } from './schemaCache.ts';

export interface Relationship {
  constraint: string;
  cardinality: 'many-to-one' | 'one-to-many' | 'one-to-one';
  target: Relation;
  /** Joined pairwise: target.targetColumns[i] = parent.parentColumns[i]. */
  parentColumns: string[];
  targetColumns: string[];
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
  return out;
}

// As PostgREST: a hint is the constraint name, or the single column on either side of the key.
function matchesHint(rel: Relationship, hint: string): boolean {
  if (rel.constraint === hint) return true;
  const single = (cols: string[]) => cols.length === 1 && cols[0] === hint;
  return single(rel.parentColumns) || single(rel.targetColumns);
}

function describe(parent: Relation, rel: Relationship) {
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
