// Sorts a request's query string into select, per-level filters / order / limit / offset, and write parameters.
import { Cursor } from './cursor.ts';
import { syntaxError } from './errors.ts';
import { parseLogic, parseOrder, parsePredicate, type Condition, type OrderTerm } from './parseFilters.ts';
import { parseSelect, type SelectItem } from './parseSelect.ts';

/** The filters and transforms of the top level or of one embedded resource (keyed by its alias or name). */
export interface QueryLevel {
  conditions: Condition[];
  order: OrderTerm[];
  limit?: number;
  offset?: number;
  children: Map<string, QueryLevel>;
}

export interface ParsedQuery {
  select: SelectItem[];
  /** Whether `select=` was given: writes return only what it names. */
  selectGiven: boolean;
  root: QueryLevel;
  /** `columns="a","b"` of an insert. */
  columns?: string[];
  /** `on_conflict=a,b` of an upsert. */
  onConflict?: string[];
  /** Parameters named like an argument of the rpc being called (GET rpc). */
  args: Map<string, string>;
}

export function emptyLevel(): QueryLevel {
  return { conditions: [], order: [], children: new Map() };
}

function levelAt(root: QueryLevel, path: string[]): QueryLevel {
  let level = root;
  for (const name of path) {
    let child = level.children.get(name);
    if (!child) {
      child = emptyLevel();
      level.children.set(name, child);
    }
    level = child;
  }
  return level;
}

function count(what: string, value: string): number {
  if (!/^\d{1,15}$/.test(value)) throw syntaxError(what, value, 'expected a non-negative integer');
  return Number(value);
}

function nameList(what: string, value: string): string[] {
  const c = new Cursor(value, what);
  const names = [c.name()];
  while (c.eat(',')) names.push(c.name());
  if (!c.done) c.fail('"," or end of input');
  return names;
}

/** Parses every query parameter; `argNames` are the arguments of a GET rpc, taken as arguments rather than filters. */
export function parseQuery(url: URL, argNames: ReadonlySet<string> = new Set()): ParsedQuery {
  const root = emptyLevel();
  const out: ParsedQuery = { select: [{ kind: 'star' }], selectGiven: false, root, args: new Map() };
  for (const [key, value] of url.searchParams) {
    if (argNames.has(key)) {
      out.args.set(key, value);
      continue;
    }
    if (key === 'select') {
      out.select = parseSelect(value);
      out.selectGiven = true;
      continue;
    }
    if (key === 'columns') {
      out.columns = nameList('columns', value);
      continue;
    }
    if (key === 'on_conflict') {
      out.onConflict = nameList('on_conflict', value);
      continue;
    }
    const segments = key.split('.');
    const last = segments[segments.length - 1]!;
    if (last === 'order' || last === 'limit' || last === 'offset') {
      const level = levelAt(root, segments.slice(0, -1));
      if (last === 'order') level.order = parseOrder(value);
      else if (last === 'limit') level.limit = count('limit', value);
      else level.offset = count('offset', value);
    } else if (last === 'or' || last === 'and') {
      const negate = segments[segments.length - 2] === 'not';
      const level = levelAt(root, segments.slice(0, negate ? -2 : -1));
      level.conditions.push(parseLogic(last, negate, value));
    } else {
      const c = new Cursor(last, 'filter');
      const field = c.field();
      if (!c.done) c.fail('end of the column name');
      levelAt(root, segments.slice(0, -1)).conditions.push(parsePredicate(field, value, false));
    }
  }
  return out;
}
