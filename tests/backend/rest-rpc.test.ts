// /rest/v1/rpc through supabase-js: scalar, set-returning, table and void functions, GET calls, filters and errors.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { ALICE, BOB, CAROL, FIXTURE_SQL, clientAs, rest } from './rest-fixture.ts';
import { startTestStack, type TestStack } from './stack.ts';

let stack: TestStack;
let anon: SupabaseClient;
beforeAll(async () => {
  stack = await startTestStack({ migrations: false, extraSql: FIXTURE_SQL });
  anon = stack.anon();
});
afterAll(() => stack.close());

describe('calls', () => {
  test('a scalar function answers the JSON value', async () => {
    const { data, error, status } = await anon.rpc('add', { a: 2, b: 40 });
    expect(error).toBeNull();
    expect(status).toBe(200);
    expect(data).toBe(42);
  });

  test('defaults apply to omitted arguments; text comes back as a JSON string', async () => {
    expect((await anon.rpc('greet')).data).toBe('hello world');
    expect((await anon.rpc('greet', { name: 'guap' })).data).toBe('hello guap');
  });

  test('GET passes the arguments as query parameters', async () => {
    const { data, error } = await anon.rpc('add', { a: 1, b: 2 }, { get: true });
    expect(error).toBeNull();
    expect(data).toBe(3);
    const res = await rest(stack, '/rpc/greet?name=there');
    expect(await res.json()).toBe('hello there');
  });

  test('array and jsonb arguments, and a single unnamed jsonb parameter taking the whole body', async () => {
    expect((await anon.rpc('sum_all', { nums: [1, 2, 3] })).data).toBe(6);
    expect((await anon.rpc('echo', { any: ['thing', 1] })).data).toEqual({ any: ['thing', 1] });
  });

  test('setof a table answers rows, with select, filters, order and limit', async () => {
    const { data, error } = await anon
      .rpc('articles_by', { author: ALICE })
      .select('id, title, author:authors!author_id(name)')
      .gt('id', 3)
      .order('id', { ascending: false })
      .limit(2);
    expect(error).toBeNull();
    expect(data).toEqual([
      { id: 12, title: 'Article 12', author: { name: 'alice' } },
      { id: 9, title: 'Article 9', author: { name: 'alice' } },
    ]);
    const counted = await anon.rpc('articles_by', { author: ALICE }, { count: 'exact' }).range(0, 0);
    expect(counted.count).toBe(4);
  });

  test('returns table answers an array of objects', async () => {
    const { data } = await anon.rpc('article_counts').order('author_id');
    // bob's draft is hidden from anon by RLS inside the function too.
    expect(data).toEqual([
      { author_id: ALICE, total: 4 },
      { author_id: BOB, total: 4 },
      { author_id: CAROL, total: 4 },
    ]);
    const bob = await clientAs(stack, BOB);
    const asBob = await bob.rpc('article_counts').eq('author_id', BOB);
    expect(asBob.data).toEqual([{ author_id: BOB, total: 5 }]);
  });

  test('a single composite answers one object; setof a scalar an array', async () => {
    const first = await anon.rpc('first_article').select('id, title');
    expect(first.data).toEqual({ id: 1, title: 'Article 1' });
    expect((await anon.rpc('tag_names')).data).toEqual(['a', 'b', 'c']);
  });

  test('single() on a set-returning function', async () => {
    const { data } = await anon.rpc('articles_by', { author: ALICE }).select('id').eq('id', 6).single();
    expect(data).toEqual({ id: 6 });
  });

  test('void answers 204', async () => {
    const { data, error, status } = await anon.rpc('noop');
    expect(error).toBeNull();
    expect(status).toBe(204);
    expect(data).toBeNull();
  });

  test('the function runs as the caller: auth.uid() and RLS', async () => {
    const bob = await clientAs(stack, BOB);
    expect((await bob.rpc('whoami')).data).toBe(BOB);
    expect((await anon.rpc('whoami')).data).toBeNull();
    const note = await bob.rpc('add_note', { body: 'from rpc' });
    expect(note.data).toMatchObject({ owner: BOB, body: 'from rpc' });
    const refused = await anon.rpc('add_note', { body: 'anon' });
    expect(refused.status).toBe(401);
    expect(refused.error?.code).toBe('42501');
  });
});

describe('errors', () => {
  test('raise exception is 400 P0001 with its message', async () => {
    const { error, status } = await anon.rpc('fail_with', { message: 'Thread is locked' });
    expect(status).toBe(400);
    expect(error).toMatchObject({ code: 'P0001', message: 'Thread is locked' });
  });

  test('an unknown function, or unknown arguments, is 404 PGRST202', async () => {
    const missing = await anon.rpc('nope', { a: 1 });
    expect(missing.status).toBe(404);
    expect(missing.error?.code).toBe('PGRST202');
    expect(missing.error?.message).toBe('Could not find the function public.nope(a) in the schema cache');
    const wrongArgs = await anon.rpc('add', { a: 1, c: 2 });
    expect(wrongArgs.status).toBe(404);
    expect(wrongArgs.error?.code).toBe('PGRST202');
  });

  test('a wrongly typed argument is 400', async () => {
    const { status, error } = await anon.rpc('add', { a: 'one', b: 2 });
    expect(status).toBe(400);
    expect(error?.code).toBe('22P02');
  });

  test('an argument list that is not an object is 400 PGRST102', async () => {
    const res = await rest(stack, '/rpc/add', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '[1,2]',
    });
    expect(res.status).toBe(400);
    expect((await res.json()).code).toBe('PGRST102');
  });
});
