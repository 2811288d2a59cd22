// Unit tests of the /rest/v1 query-string parsers: select, filters, logic trees, order, Prefer and the key layout.
import { describe, expect, test } from 'vitest';
import { ApiError, type ApiRequest } from '../../supabase/local/http.ts';
import { checkProfile, parseAccept } from '../../supabase/local/rest/negotiation.ts';
import { parseLogic, parseOrder, parsePredicate } from '../../supabase/local/rest/parseFilters.ts';
import { parseQuery } from '../../supabase/local/rest/parseQuery.ts';
import { parseSelect } from '../../supabase/local/rest/parseSelect.ts';
import { parsePrefer } from '../../supabase/local/rest/prefer.ts';
import { arrayLiteral } from '../../supabase/local/rest/sql.ts';

function codeOf(fn: () => unknown): string | undefined {
  try {
    fn();
  } catch (e) {
    if (e instanceof ApiError) return String(e.body.code);
    throw e;
  }
  return undefined;
}

const field = (name: string) => ({ name, jsonPath: [] });

describe('parseSelect', () => {
  test('columns, aliases, casts and JSON paths', () => {
    expect(parseSelect('id,name:title,views::text,meta->a->>b,k:meta->>kind')).toEqual([
      { kind: 'column', field: field('id'), alias: undefined, cast: undefined },
      { kind: 'column', field: field('title'), alias: 'name', cast: undefined },
      { kind: 'column', field: field('views'), alias: undefined, cast: 'text' },
      {
        kind: 'column',
        field: {
          name: 'meta',
          jsonPath: [
            { arrow: '->', key: 'a' },
            { arrow: '->>', key: 'b' },
          ],
        },
        alias: undefined,
        cast: undefined,
      },
      {
        kind: 'column',
        field: { name: 'meta', jsonPath: [{ arrow: '->>', key: 'kind' }] },
        alias: 'k',
        cast: undefined,
      },
    ]);
  });

  test('star, embeds with alias, hint, !inner and nesting', () => {
    expect(parseSelect('*,author:profiles!author_id!inner(username,role),posts(*,c:comments(id))')).toEqual([
      { kind: 'star' },
      {
        kind: 'embed',
        relation: 'profiles',
        alias: 'author',
        hint: 'author_id',
        inner: true,
        items: [
          { kind: 'column', field: field('username'), alias: undefined, cast: undefined },
          { kind: 'column', field: field('role'), alias: undefined, cast: undefined },
        ],
      },
      {
        kind: 'embed',
        relation: 'posts',
        alias: undefined,
        hint: undefined,
        inner: false,
        items: [
          { kind: 'star' },
          {
            kind: 'embed',
            relation: 'comments',
            alias: 'c',
            hint: undefined,
            inner: false,
            items: [{ kind: 'column', field: field('id'), alias: undefined, cast: undefined }],
          },
        ],
      },
    ]);
  });

  test('quoted names and an empty select', () => {
    expect(parseSelect('"my col","a""b"')).toMatchObject([{ field: { name: 'my col' } }, { field: { name: 'a"b' } }]);
    expect(parseSelect('')).toEqual([]);
  });

  test.each([
    'id::int from secrets',
    'id,',
    'a:',
    'posts(id',
    'posts(id))',
    'id::',
    'x!(a)',
    'id;drop table x',
    '"open',
  ])('rejects %s with PGRST100', (input) => {
    expect(codeOf(() => parseSelect(input))).toBe('PGRST100');
  });
});

describe('filters', () => {
  test('operators, negation and modifiers', () => {
    expect(parsePredicate(field('a'), 'eq.1.5', false)).toMatchObject({ op: 'eq', value: '1.5', negate: false });
    expect(parsePredicate(field('a'), 'not.ilike.*x*', false)).toMatchObject({ op: 'ilike', negate: true });
    expect(parsePredicate(field('a'), 'like(any).{a*,b*}', false)).toMatchObject({
      quantifier: 'any',
      value: '{a*,b*}',
    });
    expect(parsePredicate(field('a'), 'fts(english).cat', false)).toMatchObject({ op: 'fts', config: 'english' });
    expect(parsePredicate(field('a'), 'is.NULL', false)).toMatchObject({ op: 'is', value: 'NULL' });
  });

  test('in lists with quoted values and escapes', () => {
    expect(parsePredicate(field('a'), 'in.(1,"x,y","a(b)","q\\"t")', false).list).toEqual(['1', 'x,y', 'a(b)', 'q"t']);
    expect(parsePredicate(field('a'), 'in.()', false).list).toEqual([]);
  });

  test.each(['eqq.1', '1', 'in.1,2', 'is.maybe', 'eq(some).{1}', 'eq(any).1', 'in.(1,"2)'])('rejects %s', (value) => {
    expect(codeOf(() => parsePredicate(field('a'), value, false))).toBe('PGRST100');
  });

  test('logic trees nest, negate and unquote', () => {
    const tree = parseLogic('or', false, '(a.eq.1,not.and(b.gt.2,c.is.null),d.eq."x,y",e.in.(1,2))');
    expect(tree).toMatchObject({
      op: 'or',
      children: [
        { kind: 'predicate', field: { name: 'a' }, value: '1' },
        { kind: 'logic', op: 'and', negate: true, children: [{ op: 'gt' }, { op: 'is' }] },
        { kind: 'predicate', field: { name: 'd' }, value: 'x,y' },
        { kind: 'predicate', op: 'in', list: ['1', '2'] },
      ],
    });
    expect(codeOf(() => parseLogic('or', false, '(a.eq.1'))).toBe('PGRST100');
    expect(codeOf(() => parseLogic('or', false, 'a.eq.1'))).toBe('PGRST100');
  });

  test('order terms', () => {
    expect(parseOrder('a.desc.nullslast,b,c.asc.nullsfirst')).toEqual([
      { field: field('a'), descending: true, nulls: 'last' },
      { field: field('b'), descending: false, nulls: undefined },
      { field: field('c'), descending: false, nulls: 'first' },
    ]);
    expect(codeOf(() => parseOrder('a.up'))).toBe('PGRST100');
  });
});

describe('parseQuery', () => {
  test('sorts parameters into levels by their embed prefix', () => {
    const q = parseQuery(
      new URL(
        'http://x/t?select=id,posts(id)&id=eq.1&posts.order=id.desc&posts.limit=5&posts.offset=2&posts.or=(id.eq.1)&not.and=(id.gt.1)&on_conflict=a,b&columns="a","b"',
      ),
    );
    expect(q.selectGiven).toBe(true);
    expect(q.root.conditions).toHaveLength(2);
    expect(q.root.conditions[1]).toMatchObject({ kind: 'logic', op: 'and', negate: true });
    const posts = q.root.children.get('posts');
    expect(posts).toMatchObject({ limit: 5, offset: 2, order: [{ descending: true }] });
    expect(posts?.conditions).toHaveLength(1);
    expect(q.onConflict).toEqual(['a', 'b']);
    expect(q.columns).toEqual(['a', 'b']);
  });

  test('rpc argument names are taken as arguments, not filters', () => {
    const q = parseQuery(new URL('http://x/rpc/f?a=1&b=eq.2'), new Set(['a']));
    expect(q.args.get('a')).toBe('1');
    expect(q.root.conditions).toHaveLength(1);
  });

  test('limit and offset must be non-negative integers', () => {
    expect(codeOf(() => parseQuery(new URL('http://x/t?limit=-1')))).toBe('PGRST100');
    expect(codeOf(() => parseQuery(new URL('http://x/t?offset=1.5')))).toBe('PGRST100');
  });
});

describe('parsePrefer', () => {
  test('reads comma-separated values and ignores unknown ones', () => {
    expect(
      parsePrefer('count=exact, return=representation,resolution=merge-duplicates,missing=default,tx=rollback,x=y'),
    ).toMatchObject({
      count: 'exact',
      return: 'representation',
      resolution: 'merge-duplicates',
      missingDefault: true,
      rollback: true,
      strict: false,
    });
    expect(parsePrefer(['handling=strict', 'max-affected=3'])).toMatchObject({ strict: true, maxAffected: 3 });
  });

  test('handling=strict refuses unknown preferences', () => {
    expect(codeOf(() => parsePrefer('handling=strict,foo'))).toBe('PGRST122');
  });
});

describe('content negotiation', () => {
  const request = (headers: Record<string, string>): ApiRequest => ({
    method: 'GET',
    path: '/t',
    url: new URL('http://localhost/rest/v1/t'),
    headers,
    remoteAddress: '127.0.0.1',
    body: Buffer.alloc(0),
  });

  test('Accept picks the first available type: an object for vnd.pgrst.object, stripped nulls when asked', () => {
    expect(parseAccept(request({}))).toEqual({ single: false, stripNulls: false });
    expect(parseAccept(request({ accept: 'text/csv, application/vnd.pgrst.object+json;nulls=stripped' }))).toEqual({
      single: true,
      stripNulls: true,
    });
    expect(parseAccept(request({ accept: 'application/json, application/vnd.pgrst.object+json' }))).toEqual({
      single: false,
      stripNulls: false,
    });
    expect(codeOf(() => parseAccept(request({ accept: 'text/csv' })))).toBe('PGRST107');
  });

  test('only the public schema profile is served', () => {
    expect(codeOf(() => checkProfile(request({ 'accept-profile': 'public' })))).toBeUndefined();
    expect(codeOf(() => checkProfile(request({ 'content-profile': 'auth' })))).toBe('PGRST106');
  });
});

test('arrayLiteral quotes every element', () => {
  expect(arrayLiteral(['a', 'b,c', 'q"t', 'back\\slash'])).toBe('{"a","b,c","q\\"t","back\\\\slash"}');
});
