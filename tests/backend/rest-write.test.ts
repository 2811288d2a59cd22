// /rest/v1 writes through supabase-js: insert, upsert, update and delete, Prefer options, and RLS deciding.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { ALICE, BOB, CAROL, FIXTURE_SQL, clientAs, rest, tokenFor } from './rest-fixture.ts';
import { startTestStack, type TestStack } from './stack.ts';

let stack: TestStack;
let anon: SupabaseClient;
let alice: SupabaseClient;
let bob: SupabaseClient;
beforeAll(async () => {
  stack = await startTestStack({ migrations: false, extraSql: FIXTURE_SQL });
  anon = stack.anon();
  alice = await clientAs(stack, ALICE);
  bob = await clientAs(stack, BOB);
});
afterAll(() => stack.close());

async function titleOf(id: number): Promise<string | undefined> {
  const { rows } = await stack.db.query<{ title: string }>('select title from public.articles where id = $1', [id]);
  return rows[0]?.title;
}

describe('insert', () => {
  test('insert without select is 201 with no body', async () => {
    const { data, error, status } = await alice.from('articles').insert({ title: 'Plain insert', author_id: ALICE });
    expect(error).toBeNull();
    expect(status).toBe(201);
    expect(data).toBeNull();
    const { rows } = await stack.db.query(
      "select count(*)::int as n from public.articles where title = 'Plain insert'",
    );
    expect(rows[0]).toEqual({ n: 1 });
  });

  test('insert with select returns only the selected columns, embeds included', async () => {
    const { data, error, status } = await alice
      .from('articles')
      .insert({ title: 'With representation', author_id: ALICE, tags: ['x', 'y'], meta: { a: [1, 2] } })
      .select('title, tags, meta, author:authors!author_id(name)')
      .single();
    expect(error).toBeNull();
    expect(status).toBe(201);
    expect(data).toEqual({
      title: 'With representation',
      tags: ['x', 'y'],
      meta: { a: [1, 2] },
      author: { name: 'alice' },
    });
  });

  test('a bulk insert fills missing keys with null, or with defaults under missing=default', async () => {
    const rows = [
      { title: 'Bulk A', author_id: ALICE, views: 5 },
      { title: 'Bulk B', author_id: ALICE },
    ];
    const withNull = await alice
      .from('notes')
      .insert([{ body: 'n1', slug: 's1' }, { body: 'n2' }])
      .select('body, slug');
    expect(withNull.data).toEqual([
      { body: 'n1', slug: 's1' },
      { body: 'n2', slug: null },
    ]);
    // views is not null with default 0: null fails, the default works.
    const nullViews = await alice.from('articles').insert(rows);
    expect(nullViews.status).toBe(400);
    expect(nullViews.error?.code).toBe('23502');
    const defaults = await alice.from('articles').insert(rows, { defaultToNull: false }).select('title, views');
    expect(defaults.error).toBeNull();
    expect(defaults.data).toEqual([
      { title: 'Bulk A', views: 5 },
      { title: 'Bulk B', views: 0 },
    ]);
  });

  test('columns= limits the inserted keys', async () => {
    const res = await rest(stack, '/notes?columns=body&select=body,slug', {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${await tokenFor(stack, ALICE)}`,
        'Content-Type': 'application/json',
        Prefer: 'return=representation',
      },
      body: JSON.stringify([{ body: 'only body', slug: 'ignored' }]),
    });
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual([{ body: 'only body', slug: null }]);
  });

  test('count=exact on insert answers the number of rows in Content-Range', async () => {
    const { count, status } = await alice.from('notes').insert([{ body: 'c1' }, { body: 'c2' }], { count: 'exact' });
    expect(status).toBe(201);
    expect(count).toBe(2);
  });

  test('return=minimal has no RETURNING: an insert the caller cannot read back still succeeds', async () => {
    // Alice may insert an unpublished article as its author but, as bob, select policies hide others' drafts;
    // here the column grant hides email, so only a RETURNING-free insert into authors can work.
    const carol = await clientAs(stack, CAROL.replace(/c$/, 'd'));
    const minimal = await carol
      .from('authors')
      .insert({ id: CAROL.replace(/c$/, 'd'), name: 'dave', email: 'd@x.test' });
    expect(minimal.error).toBeNull();
    expect(minimal.status).toBe(201);
    const star = await carol.from('authors').update({ name: 'dave2' }).eq('name', 'dave').select('*');
    expect(star.error?.code).toBe('42501');
    expect(star.status).toBe(403);
    const named = await carol.from('authors').update({ name: 'dave3' }).eq('name', 'dave').select('id, name');
    expect(named.error).toBeNull();
    expect(named.data).toEqual([{ id: CAROL.replace(/c$/, 'd'), name: 'dave3' }]);
  });

  test('headers-only answers a Location for the new row', async () => {
    const res = await rest(stack, '/notes', {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${await tokenFor(stack, ALICE)}`,
        'Content-Type': 'application/json',
        Prefer: 'return=headers-only',
      },
      body: JSON.stringify({ body: 'located' }),
    });
    expect(res.status).toBe(201);
    expect(res.headers.get('location')).toMatch(/^\/notes\?id=eq\.\d+$/);
    expect(res.headers.get('preference-applied')).toBe('return=headers-only');
    expect(await res.text()).toBe('');
  });
});

describe('upsert', () => {
  test('merge-duplicates updates on the primary key, ignore-duplicates keeps the row', async () => {
    const first = await alice.from('notes').insert({ body: 'original', slug: 'up' }).select('id').single();
    const id = (first.data as { id: number }).id;
    const merged = await alice
      .from('notes')
      .upsert([
        { id, body: 'merged', slug: 'up' },
        { id: id + 1000, body: 'new one', slug: 'up2' },
      ])
      .select('id, body')
      .order('id');
    expect(merged.error).toBeNull();
    expect(merged.status).toBe(201);
    expect(merged.data).toEqual([
      { id, body: 'merged' },
      { id: id + 1000, body: 'new one' },
    ]);
    const ignored = await alice
      .from('notes')
      .upsert({ id, body: 'ignored', slug: 'up' }, { ignoreDuplicates: true })
      .select('id');
    expect(ignored.error).toBeNull();
    expect(ignored.data).toEqual([]);
    const { rows } = await stack.db.query('select body from public.notes where id = $1', [id]);
    expect(rows).toEqual([{ body: 'merged' }]);
  });

  test('on_conflict names another unique key', async () => {
    const res = await alice
      .from('notes')
      .upsert({ slug: 'up2', body: 'by slug' }, { onConflict: 'slug' })
      .select('body, slug');
    expect(res.error).toBeNull();
    expect(res.data).toEqual([{ body: 'by slug', slug: 'up2' }]);
  });

  test('Preference-Applied echoes the resolution', async () => {
    const res = await rest(stack, '/notes?on_conflict=slug', {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${await tokenFor(stack, ALICE)}`,
        'Content-Type': 'application/json',
        Prefer: 'resolution=ignore-duplicates,return=minimal',
      },
      body: JSON.stringify({ slug: 'up2', body: 'x' }),
    });
    expect(res.status).toBe(201);
    expect(res.headers.get('preference-applied')).toBe('return=minimal, resolution=ignore-duplicates');
  });

  test('a duplicate insert is 409 23505', async () => {
    const { error, status } = await alice.from('notes').insert({ body: 'dup', slug: 'up2' });
    expect(status).toBe(409);
    expect(error?.code).toBe('23505');
    // Postgres leaves the key values out of the details on a table with RLS.
    expect(error?.message).toContain('notes_slug_key');
  });
});

describe('update and delete', () => {
  test('update with filters, with and without representation', async () => {
    const minimal = await alice.from('articles').update({ title: 'Renamed 3' }).eq('id', 3);
    expect(minimal.status).toBe(204);
    expect(await titleOf(3)).toBe('Renamed 3');
    const rep = await alice
      .from('articles')
      .update({ views: 1 })
      .in('id', [6, 9])
      .select('id, views, author:authors!author_id(name)')
      .order('id');
    expect(rep.status).toBe(200);
    expect(rep.data).toEqual([
      { id: 6, views: 1, author: { name: 'alice' } },
      { id: 9, views: 1, author: { name: 'alice' } },
    ]);
  });

  test('an update the filters and RLS reduce to zero rows is not an error and changes nothing', async () => {
    const { data, error, status } = await bob.from('articles').update({ title: 'Hijacked' }).eq('id', 6).select();
    expect(error).toBeNull();
    expect(status).toBe(200);
    expect(data).toEqual([]);
    expect(await titleOf(6)).toBe('Article 6');
    const asAnon = await anon.from('articles').update({ title: 'Hijacked' }).eq('id', 6);
    expect(asAnon.error).toBeNull();
    expect(asAnon.status).toBe(204);
    expect(await titleOf(6)).toBe('Article 6');
  });

  test('a versioned update (eq on id and version) returns zero rows on a conflict', async () => {
    const ok = await alice.from('articles').update({ title: 'v2', views: 61 }).eq('id', 6).eq('views', 1).select('id');
    expect(ok.data).toEqual([{ id: 6 }]);
    const stale = await alice.from('articles').update({ title: 'v3' }).eq('id', 6).eq('views', 1).select('id');
    expect(stale.data).toEqual([]);
    expect(await titleOf(6)).toBe('v2');
  });

  test('update with single() on several rows is 406 and rolls back', async () => {
    const { error, status } = await alice
      .from('articles')
      .update({ body: 'all' })
      .in('id', [9, 12])
      .select('id')
      .single();
    expect(status).toBe(406);
    expect(error?.code).toBe('PGRST116');
    const { rows } = await stack.db.query("select count(*)::int as n from public.articles where body = 'all'");
    expect(rows[0]).toEqual({ n: 0 });
  });

  test('delete with representation returns the deleted rows; RLS hides what is not yours', async () => {
    const created = await bob
      .from('comments')
      .insert({ article_id: 1, author_id: BOB, content: 'temp' })
      .select('id')
      .single();
    const id = (created.data as { id: number }).id;
    const refused = await alice.from('comments').delete().eq('id', id).select('id');
    expect(refused.data).toEqual([]);
    const deleted = await bob.from('comments').delete().eq('id', id).select('id, content');
    expect(deleted.status).toBe(200);
    expect(deleted.data).toEqual([{ id, content: 'temp' }]);
    const minimal = await bob.from('comments').delete().eq('id', id);
    expect(minimal.status).toBe(204);
  });

  test('limit and order on a patch change only the first rows in that order', async () => {
    const { data, error } = await alice
      .from('articles')
      .update({ body: 'limited' })
      .eq('author_id', ALICE)
      .lte('id', 13)
      .order('id', { ascending: false })
      .limit(2)
      .select('id');
    expect(error).toBeNull();
    expect(data?.map((r) => r.id).sort((a, b) => a - b)).toEqual([9, 12]);
    const { rows } = await stack.db.query(
      "select id::int as id from public.articles where body = 'limited' order by id",
    );
    expect(rows).toEqual([{ id: 9 }, { id: 12 }]);
  });

  test('an empty patch changes nothing', async () => {
    const { error, status } = await alice.from('articles').update({}).eq('id', 3);
    expect(error).toBeNull();
    expect(status).toBe(204);
  });
});

describe('Prefer', () => {
  test('tx=rollback answers the write and undoes it', async () => {
    const res = await rest(stack, '/articles?id=eq.9&select=title', {
      method: 'PATCH',
      headers: {
        Authorization: `Bearer ${await tokenFor(stack, ALICE)}`,
        'Content-Type': 'application/json',
        Prefer: 'return=representation, tx=rollback',
      },
      body: JSON.stringify({ title: 'Never kept' }),
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual([{ title: 'Never kept' }]);
    expect(res.headers.get('preference-applied')).toBe('return=representation, tx=rollback');
    expect(await titleOf(9)).toBe('Article 9');
  });

  test('handling=strict with max-affected refuses a write touching more rows', async () => {
    // supabase-js types maxAffected() for PostgREST 13 databases only, so this one goes over raw HTTP.
    const patch = async (filter: string) =>
      rest(stack, `/articles?${filter}`, {
        method: 'PATCH',
        headers: {
          Authorization: `Bearer ${await tokenFor(stack, ALICE)}`,
          'Content-Type': 'application/json',
          Prefer: 'handling=strict,max-affected=2',
        },
        body: JSON.stringify({ body: 'strict' }),
      });
    const tooMany = await patch(`author_id=eq.${ALICE}`);
    expect(tooMany.status).toBe(400);
    expect((await tooMany.json()).code).toBe('PGRST124');
    const { rows } = await stack.db.query("select count(*)::int as n from public.articles where body = 'strict'");
    expect(rows[0]).toEqual({ n: 0 });
    const fits = await patch('id=eq.12');
    expect(fits.status).toBe(204);
    expect(fits.headers.get('preference-applied')).toBe('handling=strict, max-affected=2');
  });

  test('an unknown preference is ignored, and refused with handling=strict', async () => {
    const lenient = await rest(stack, '/articles?id=eq.1', { headers: { Prefer: 'foo=bar' } });
    expect(lenient.status).toBe(200);
    const strict = await rest(stack, '/articles?id=eq.1', { headers: { Prefer: 'handling=strict, foo=bar' } });
    expect(strict.status).toBe(400);
    expect((await strict.json()).code).toBe('PGRST122');
  });
});

describe('RLS through REST', () => {
  test('an insert refused by a with check policy is 42501: 401 for anon, 403 signed in', async () => {
    const asAnon = await anon.from('articles').insert({ title: 'anon', author_id: ALICE });
    expect(asAnon.status).toBe(401);
    expect(asAnon.error?.code).toBe('42501');
    expect(asAnon.error?.message).toContain('row-level security');
    const asBob = await bob.from('articles').insert({ title: 'forged', author_id: ALICE });
    expect(asBob.status).toBe(403);
    expect(asBob.error?.code).toBe('42501');
  });

  test('the service role bypasses RLS', async () => {
    const { data, error } = await stack
      .service()
      .from('articles')
      .insert({ title: 'by service', author_id: CAROL, published: false })
      .select('title');
    expect(error).toBeNull();
    expect(data).toEqual([{ title: 'by service' }]);
  });

  test('auth.uid() defaults and policies see the JWT subject', async () => {
    const { data } = await bob.from('notes').insert({ body: "bob's" }).select('owner, body');
    expect(data).toEqual([{ owner: BOB, body: "bob's" }]);
    const fromAlice = await alice.from('notes').select('body').eq('body', "bob's");
    expect(fromAlice.data).toEqual([]);
  });
});

describe('write errors', () => {
  test('check, not-null and foreign-key violations', async () => {
    const check = await alice.from('comments').insert({ article_id: 1, author_id: ALICE, content: '' });
    expect(check.status).toBe(400);
    expect(check.error?.code).toBe('23514');
    const notNull = await alice.from('comments').insert({ article_id: 1, author_id: ALICE });
    expect(notNull.status).toBe(400);
    expect(notNull.error?.code).toBe('23502');
    const fk = await alice.from('comments').insert({ article_id: 999, author_id: ALICE, content: 'x' });
    expect(fk.status).toBe(409);
    expect(fk.error?.code).toBe('23503');
  });

  test('a wrong type is 400 22P02; an unknown payload column is 400 PGRST204', async () => {
    const badType = await alice.from('articles').insert({ title: 't', author_id: ALICE, views: 'many' });
    expect(badType.status).toBe(400);
    expect(badType.error?.code).toBe('22P02');
    const unknown = await alice.from('articles').insert({ title: 't', author_id: ALICE, nope: 1 });
    expect(unknown.status).toBe(400);
    expect(unknown.error?.code).toBe('PGRST204');
    expect(unknown.error?.message).toBe("Could not find the 'nope' column of 'articles' in the schema cache");
    const patch = await alice.from('articles').update({ nope: 1 }).eq('id', 3);
    expect(patch.error?.code).toBe('PGRST204');
  });

  test('invalid JSON is 400 PGRST102', async () => {
    const res = await rest(stack, '/notes', {
      method: 'POST',
      headers: { Authorization: `Bearer ${await tokenFor(stack, ALICE)}`, 'Content-Type': 'application/json' },
      body: '{"body": ',
    });
    expect(res.status).toBe(400);
    expect((await res.json()).code).toBe('PGRST102');
  });

  test('a body over 1 MB is 413', async () => {
    const res = await rest(stack, '/notes', {
      method: 'POST',
      headers: { Authorization: `Bearer ${await tokenFor(stack, ALICE)}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ body: 'x'.repeat(1024 * 1024 + 10) }),
    });
    expect(res.status).toBe(413);
    expect((await res.json()).code).toBe('PGRST413');
  });
});
