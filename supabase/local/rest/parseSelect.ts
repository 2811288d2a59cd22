// Parses PostgREST's `select` parameter: columns, aliases, casts, JSON paths and embedded resources with hints.
import { Cursor, type Field } from './cursor.ts';
import { syntaxError } from './errors.ts';
import { MAX_EMBED_DEPTH } from './limits.ts';

export type SelectItem =
  | { kind: 'star' }
  | { kind: 'column'; field: Field; alias?: string; cast?: string }
  | {
      kind: 'embed';
      relation: string;
      alias?: string;
      /** A foreign key column, a constraint name or a table name that picks one relationship among several. */
      hint?: string;
      inner: boolean;
      items: SelectItem[];
    };

// One word, so a cast can name a type but never add SQL (`::int from x` is refused).
const CAST = /^[A-Za-z_][A-Za-z0-9_]*(\[\])?$/;

function parseItem(c: Cursor, depth: number): SelectItem {
  if (c.eat('*')) return { kind: 'star' };
  let start = c.pos;
  let alias: string | undefined;
  let name = c.name();
  if (c.peek(':') && !c.peek('::')) {
    c.eat(':');
    alias = name;
    start = c.pos;
    name = c.name();
  }
  if (c.peek('!') || c.peek('(')) {
    let hint: string | undefined;
    let inner = false;
    while (c.eat('!')) {
      const h = c.name();
      if (h === 'inner') inner = true;
      else if (h !== 'left') hint = h;
    }
    c.expect('(');
    // Checked while parsing, so a select nested thousands deep is refused before it can exhaust the stack.
    if (depth >= MAX_EMBED_DEPTH) {
      throw syntaxError('select', c.input, `resources can be embedded at most ${MAX_EMBED_DEPTH} levels deep`);
    }
    const items = c.peek(')') ? [] : parseItems(c, depth + 1);
    c.expect(')');
    return { kind: 'embed', relation: name, alias, hint, inner, items };
  }
  // Read the name again as a field, now that it is known not to be an embed, to pick up a JSON path.
  c.pos = start;
  const field = c.field();
  let cast: string | undefined;
  if (c.eat('::')) {
    const castStart = c.pos;
    while (!c.done && /[A-Za-z0-9_[\]]/.test(c.input[c.pos]!)) c.pos++;
    cast = c.input.slice(castStart, c.pos);
    if (!CAST.test(cast)) {
      c.pos = castStart;
      c.fail('a type name');
    }
  }
  return { kind: 'column', field, alias, cast };
}

function parseItems(c: Cursor, depth: number): SelectItem[] {
  const items = [parseItem(c, depth)];
  while (c.eat(',')) items.push(parseItem(c, depth));
  return items;
}

/** Parses a whole `select` value; an empty value selects nothing, as in PostgREST. */
export function parseSelect(input: string): SelectItem[] {
  const c = new Cursor(input, 'select');
  if (input === '') return [];
  const items = parseItems(c, 0);
  if (!c.done) c.fail('"," or end of input');
  return items;
}
