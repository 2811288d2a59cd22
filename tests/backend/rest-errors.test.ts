// /rest/v1 bad input: unknown names, malformed syntax, refused media types and schemas, bad JWTs; always 4xx, never 500.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import fc from 'fast-check';
import type { SupabaseClient } from '@supabase/supabase-js';
import { ALICE, FIXTURE_SQL, clientAs, rest, tokenFor } from './rest-fixture.ts';
import { startTestStack, type TestStack } from './stack.ts';

let stack: TestStack;
let anon: SupabaseClient;
beforeAll(async () => {
  stack = await startTestStack({ migrations: false, extraSql: FIXTURE_SQL });
  anon = stack.anon();
});
afterAll(() => stack.close());

async function errorOf(res: Response): Promise<{ status: number; code: string; message: string }> {
  const body = (await res.json()) as { code: string; message: string };
  return { status: res.status, code: body.code, message: body.message };
}

describe('unknown names', () => {
  test('an unknown table is 404 PGRST205', async () => {
    const { error, status } = await anon.from('nope').select();
    expect(status).toBe(404);
    expect(error).toMatchObject({
      code: 'PGRST205',
      message: "Could not find the table 'public.nope' in the schema cache",
    });
  });

  test('tables of other schemas are not reachable', async () => {
    const res = await rest(stack, '/users', { headers: { 'Accept-Profile': 'auth' } });
    expect(await errorOf(res)).toMatchObject({ status: 406, code: 'PGRST106' });
    const write = await rest(stack, '/buckets', {
      method: 'POST',
      headers: { 'Content-Profile': 'storage', 'Content-Type': 'application/json' },
      body: '{}',
    });
    expect(write.status).toBe(406);
    expect((await anon.schema('storage').from('objects').select()).status).toBe(406);
  });

  test('an unknown column in select, filter or order is 400 42703', async () => {
    const select = await anon.from('articles').select('id, nope');
    expect(select.status).toBe(400);
    expect(select.error).toMatchObject({ code: '42703', message: 'column articles.nope does not exist' });
    expect((await anon.from('articles').select().eq('nope', 1)).error?.code).toBe('42703');
    expect((await anon.from('articles').select().order('nope')).error?.code).toBe('42703');
    expect((await anon.from('articles').select('id, comments(nope)')).error?.message).toBe(
      'column comments.nope does not exist',
    );
  });

  test('a table created after the stack started is found', async () => {
    await stack.db.exec(
      'create table public.late_table (id int primary key); insert into public.late_table values (7); grant select on public.late_table to anon;',
    );
    // The schema cache reloads when a request misses, at most once a second: it is found on a later request.
    await expect
      .poll(async () => (await anon.from('late_table').select('id')).data, { timeout: 30_000, interval: 250 })
      .toEqual([{ id: 7 }]);
  });
});

describe('malformed syntax is 400 PGRST100', () => {
  test.each([
    ['select=id,author:authors(name', 'select'],
    ['select=id,,title', 'select'],
    ['select=authors!(name)', 'select'],
    ['select=id::bad-type', 'select'],
    ['id=eqq.1', 'filter'],
    ['id=1', 'filter'],
    ['id=in.1,2', 'filter'],
    ['id=is.maybe', 'filter'],
    ['or=(id.eq.1', 'logic'],
    ['or=id.eq.1', 'logic'],
    ['or=(id.eq.1,title)', 'logic'],
    ['order=id.sideways', 'order'],
    ['limit=ten', 'limit'],
    ['offset=-1', 'offset'],
  ])('%s', async (query) => {
    const res = await rest(stack, `/articles?${query}`);
    const error = await errorOf(res);
    expect(error).toMatchObject({ status: 400, code: 'PGRST100' });
    expect(error.message).toMatch(/^failed to parse/);
  });

  test('an or nested 3,000 levels deep is 400 PGRST100, and nesting that members use still works', async () => {
    const nested = (levels: number) => {
      let inner = 'id.eq.1';
      for (let i = 0; i < levels; i++) inner = `or(${inner})`;
      return `or=(${inner})`;
    };
    const deep = await errorOf(await rest(stack, `/articles?select=id&${nested(3000)}`));
    expect(deep).toMatchObject({ status: 400, code: 'PGRST100' });
    expect(deep.message).toMatch(/^failed to parse logic tree/);
    const res = await rest(stack, `/articles?select=id&${nested(20)}`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual([{ id: 1 }]);
  });

  test('a JSON path on a column that is not JSON is 400, not a missing function', async () => {
    const { status, error } = await anon.from('articles').select('id').eq('title->>x', 'y');
    expect(status).toBe(400);
    expect(error?.code).toBe('42883');
  });

  test('a value of the wrong type is 400 22P02', async () => {
    const { status, error } = await anon.from('articles').select().eq('id', 'abc');
    expect(status).toBe(400);
    expect(error?.code).toBe('22P02');
  });

  test('an unsupported method is 405, a nested path 404', async () => {
    expect((await rest(stack, '/articles', { method: 'PUT', body: '{}' })).status).toBe(405);
    expect((await rest(stack, '/articles/1')).status).toBe(404);
  });

  test('an unavailable media type is 406 PGRST107', async () => {
    const res = await rest(stack, '/articles', { headers: { Accept: 'application/xml' } });
    expect(await errorOf(res)).toMatchObject({ status: 406, code: 'PGRST107' });
  });

  test('random select, filter and order values, with NUL bytes, deep nesting and huge values, never cause a 500', async () => {
    const piece = fc.constantFrom(
      'id',
      'title',
      'authors',
      'comments',
      '(',
      ')',
      ',',
      ':',
      '!',
      '.',
      '*',
      '"',
      '->',
      '::',
      'eq',
      'in',
      'not',
      'or',
      'and',
      'inner',
      '1',
      ' ',
      '%',
      '\\',
      '{',
      '}',
      '\u0000',
      'x'.repeat(4000),
      'or(',
      'and(',
    );
    const value = fc.array(piece, { maxLength: 12 }).map((parts) => parts.join(''));
    const key = fc.constantFrom('select', 'id', 'title', 'or', 'order', 'comments.id', 'tags', 'meta->>n', 'limit');
    const pair = key.chain((k) => value.map((v) => new URLSearchParams({ [k]: v }).toString()));
    // Parentheses sent as they are, as postgrest-js sends them; percent-encoded, 3,000 levels would not fit a URL.
    const deep = fc
      .tuple(
        fc.constantFrom('or', 'and', 'not.or'),
        fc.oneof(fc.integer({ min: 1, max: 100 }), fc.integer({ min: 2800, max: 3200 })),
        fc.constantFrom('or(', 'and(', 'not.and('),
      )
      .map(([k, depth, open]) => `${k}=(${open.repeat(depth)}id.eq.1${')'.repeat(depth)})`);
    await fc.assert(
      fc.asyncProperty(fc.oneof({ arbitrary: pair, weight: 4 }, { arbitrary: deep, weight: 1 }), async (query) => {
        const res = await rest(stack, `/articles?${query}`);
        await res.arrayBuffer();
        expect(res.status, query.slice(0, 300)).toBeLessThan(500);
      }),
      { numRuns: 150 },
    );
  });
});

describe('limits of Postgres itself', () => {
  // Class 54 (program limit exceeded) is the request's doing: PostgREST answers it 500, we answer 400.
  test("an array filter nested past Postgres's 6 dimensions is 400 54000, not 500", async () => {
    const res = await rest(stack, `/articles?select=id&tags=cs.${'{'.repeat(7)}a${'}'.repeat(7)}`);
    expect(await errorOf(res)).toMatchObject({ status: 400, code: '54000' });
  });
});

describe('JWT', () => {
  test('a badly signed token is 401 PGRST301', async () => {
    const res = await rest(stack, '/articles', { headers: { Authorization: 'Bearer not.a.jwt' } });
    expect(await errorOf(res)).toMatchObject({ status: 401, code: 'PGRST301' });
  });

  test('an expired token is 401 PGRST303', async () => {
    const expired = await clientAs(stack, ALICE, -60);
    const { status, error } = await expired.from('articles').select('id');
    expect(status).toBe(401);
    expect(error?.code).toBe('PGRST303');
  });

  test('a token that worked is refused once it has expired', async () => {
    const shortLived = await clientAs(stack, ALICE, 2);
    expect((await shortLived.from('articles').select('id').eq('id', 1)).status).toBe(200);
    await expect
      .poll(async () => (await shortLived.from('articles').select('id').eq('id', 1)).error?.code, {
        timeout: 30_000,
        interval: 250,
      })
      .toBe('PGRST303');
    expect((await shortLived.from('articles').select('id').eq('id', 1)).status).toBe(401);
  });

  test('no token at all is 401', async () => {
    const res = await fetch(`${stack.url}/rest/v1/articles`);
    expect(res.status).toBe(401);
  });

  test('a valid token reads', async () => {
    const res = await rest(stack, '/articles?select=id&id=eq.1', {
      headers: { Authorization: `Bearer ${await tokenFor(stack, ALICE)}` },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual([{ id: 1 }]);
  });
});
