// Parses PostgREST filters (`eq.5`, `not.in.(a,"b,c")`, `or=(a.eq.1,and(b.gt.2,c.is.null))`) and `order` values.
import { Cursor, type Field } from './cursor.ts';
import { syntaxError } from './errors.ts';

export const OPERATORS = [
  'eq',
  'neq',
  'gt',
  'gte',
  'lt',
  'lte',
  'like',
  'ilike',
  'match',
  'imatch',
  'is',
  'isdistinct',
  'in',
  'cs',
  'cd',
  'ov',
  'sl',
  'sr',
  'nxl',
  'nxr',
  'adj',
  'fts',
  'plfts',
  'phfts',
  'wfts',
] as const;
export type Operator = (typeof OPERATORS)[number];

const QUANTIFIABLE = new Set<Operator>(['eq', 'neq', 'gt', 'gte', 'lt', 'lte', 'like', 'ilike', 'match', 'imatch']);
const FULL_TEXT = new Set<Operator>(['fts', 'plfts', 'phfts', 'wfts']);
const IS_VALUES = new Set(['null', 'not_null', 'true', 'false', 'unknown']);

export interface Predicate {
  kind: 'predicate';
  field: Field;
  negate: boolean;
  op: Operator;
  /** `eq(any).{a,b}`: the value is an array literal compared with any / all of its elements. */
  quantifier?: 'any' | 'all';
  /** Text search configuration of `fts(english).cat`. */
  config?: string;
  value: string;
  /** The values of `in.(...)`. */
  list: string[];
}

export interface Logic {
  kind: 'logic';
  op: 'and' | 'or';
  negate: boolean;
  children: Condition[];
}

export type Condition = Predicate | Logic;

export interface OrderTerm {
  field: Field;
  descending: boolean;
  nulls?: 'first' | 'last';
}

/** Splits on commas outside parentheses and double quotes (a backslash escapes inside quotes). */
function splitTopLevel(input: string, what: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quoted = false;
  let start = 0;
  for (let i = 0; i < input.length; i++) {
    const ch = input[i];
    if (quoted) {
      if (ch === '\\') i++;
      else if (ch === '"') quoted = false;
    } else if (ch === '"') quoted = true;
    else if (ch === '(') depth++;
    else if (ch === ')') {
      depth--;
      if (depth < 0) throw syntaxError(what, input, `unbalanced ")" at position ${i + 1}`);
    } else if (ch === ',' && depth === 0) {
      parts.push(input.slice(start, i));
      start = i + 1;
    }
  }
  if (depth !== 0 || quoted) throw syntaxError(what, input, 'unbalanced parentheses or quotes');
  parts.push(input.slice(start));
  return parts;
}

function unquote(value: string): string {
  if (value.length >= 2 && value.startsWith('"') && value.endsWith('"')) {
    return value.slice(1, -1).replace(/\\(.)/g, '$1');
  }
  return value;
}

/** Parses `[not.]op[(modifier)].value` for `field`; inside or/and a double-quoted value is unquoted. */
export function parsePredicate(field: Field, input: string, inLogic: boolean): Predicate {
  let rest = input;
  const negate = rest.startsWith('not.');
  if (negate) rest = rest.slice(4);
  const m = /^([a-z]+)(?:\(([A-Za-z0-9_]+)\))?\.([\s\S]*)$/.exec(rest);
  const op = m?.[1] as Operator | undefined;
  if (!m || !op || !(OPERATORS as readonly string[]).includes(op)) {
    throw syntaxError('filter', input, 'expected an operator such as eq, neq, gt, in, is, like, or not.<operator>');
  }
  const modifier = m[2];
  const raw = m[3]!;
  const value = inLogic ? unquote(raw) : raw;
  const predicate: Predicate = { kind: 'predicate', field, negate, op, value, list: [] };
  if (modifier !== undefined) {
    if (QUANTIFIABLE.has(op) && (modifier === 'any' || modifier === 'all')) predicate.quantifier = modifier;
    else if (FULL_TEXT.has(op)) predicate.config = modifier;
    else throw syntaxError('filter', input, `"${modifier}" is not a modifier of ${op}`);
    if (predicate.quantifier && !/^\{[\s\S]*\}$/.test(raw)) {
      throw syntaxError('filter', input, `${op}(${modifier}) expects a list in braces: {a,b}`);
    }
  }
  if (op === 'in') {
    if (!/^\([\s\S]*\)$/.test(raw)) throw syntaxError('filter', input, 'in expects a list in parentheses: in.(a,b)');
    const inner = raw.slice(1, -1);
    predicate.list = inner === '' ? [] : splitTopLevel(inner, 'filter').map(unquote);
  }
  if (op === 'is' && !IS_VALUES.has(value.toLowerCase())) {
    throw syntaxError('filter', input, 'is expects null, not_null, true, false or unknown');
  }
  return predicate;
}

/**
 * How deep or/and may nest. Far past what a query needs; a bound keeps a crafted query from exhausting the parser's
 * stack (3,000 levels did) and the SQL built from it.
 */
const MAX_LOGIC_DEPTH = 50;

/** Parses the value of `or=` / `and=`: a parenthesised, comma-separated list of conditions. */
export function parseLogic(op: 'and' | 'or', negate: boolean, input: string, depth = 1): Logic {
  if (depth > MAX_LOGIC_DEPTH) {
    throw syntaxError('logic tree', input, `and/or nested deeper than ${MAX_LOGIC_DEPTH} levels`);
  }
  if (!/^\([\s\S]*\)$/.test(input)) throw syntaxError('logic tree', input, `${op} expects a list in parentheses`);
  const children = splitTopLevel(input.slice(1, -1), 'logic tree').map((part): Condition => {
    const nested = /^(not\.)?(and|or)(\([\s\S]*\))$/.exec(part);
    if (nested) return parseLogic(nested[2] as 'and' | 'or', nested[1] !== undefined, nested[3]!, depth + 1);
    const c = new Cursor(part, 'logic tree');
    const field = c.field();
    c.expect('.');
    return parsePredicate(field, part.slice(c.pos), true);
  });
  return { kind: 'logic', op, negate, children };
}

/** Parses `order=col.desc.nullslast,other`. */
export function parseOrder(input: string): OrderTerm[] {
  return splitTopLevel(input, 'order').map((part) => {
    const c = new Cursor(part, 'order');
    const field = c.field();
    let descending = false;
    let nulls: OrderTerm['nulls'];
    if (c.eat('.desc')) descending = true;
    else c.eat('.asc');
    if (c.eat('.nullsfirst')) nulls = 'first';
    else if (c.eat('.nullslast')) nulls = 'last';
    if (!c.done) c.fail('.asc, .desc, .nullsfirst or .nullslast');
    return { field, descending, nulls };
  });
}
