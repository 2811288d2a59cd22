// /rest/v1 reads through supabase-js: select, embeds, filters, order, ranges, counts, single rows and HEAD.
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

interface Article {
  id: number;
  title: string;
}

describe('select', () => {
  test('columns, aliases and casts', async () => {
    const { data, error, status } = await anon.from('articles').select('id, headline:title, views::text').eq('id', 3);
    expect(error).toBeNull();
    expect(status).toBe(200);
    expect(data).toEqual([{ id: 3, headline: 'Article 3', views: '30' }]);
  });

  test('* returns every column, with arrays, jsonb and numerics as JSON', async () => {
    const { data } = await anon.from('articles').select('*').eq('id', 2).single();
    expect(data).toMatchObject({
      id: 2,
      title: 'Article 2',
      tags: ['even', 'news'],
      meta: { n: 2, kind: 'early' },
      published: true,
      rating: 1,
      author_id: CAROL,
      editor_id: ALICE,
    });
  });

  test('JSON paths in select and filters', async () => {
    const { data, error } = await anon
      .from('articles')
      .select('id, meta->n, kind:meta->>kind')
      .eq('meta->>kind', 'late')
      .order('id')
      .limit(2);
    expect(error).toBeNull();
    expect(data).toEqual([
      { id: 6, n: 6, kind: 'late' },
      { id: 7, n: 7, kind: 'late' },
    ]);
  });

  test('column-level grants: allowed columns read, a refused column is 401 for anon', async () => {
    const ok = await anon.from('authors').select('id, name').eq('name', 'alice');
    expect(ok.data).toEqual([{ id: ALICE, name: 'alice' }]);
    const refused = await anon.from('authors').select('name, email');
    expect(refused.status).toBe(401);
    expect(refused.error?.code).toBe('42501');
  });

  test('a view is readable like a table', async () => {
    const { data, count } = await anon.from('published_articles').select('id', { count: 'exact' }).lt('id', 4);
    expect(data).toEqual([{ id: 1 }, { id: 2 }, { id: 3 }]);
    expect(count).toBe(3);
  });
});

describe('embedded resources', () => {
  test('many-to-one is an object, one-to-many an array, with !hint picking the foreign key', async () => {
    const { data, error } = await anon
      .from('articles')
      .select(
        'id, author:authors!author_id(name, role), editor:authors!articles_editor_id_fkey(name), comments(id, content)',
      )
      .in('id', [1, 2])
      .order('id');
    expect(error).toBeNull();
    expect(data).toEqual([
      {
        id: 1,
        author: { name: 'bob', role: 'member' },
        editor: null,
        comments: [
          { id: 1, content: 'Comment 1 on 1' },
          { id: 2, content: 'Comment 2 on 1' },
          { id: 3, content: 'Comment 3 on 1' },
        ],
      },
      { id: 2, author: { name: 'carol', role: 'member' }, editor: { name: 'alice' }, comments: expect.any(Array) },
    ]);
  });

  test('one-to-one through a unique foreign key is an object', async () => {
    const { data } = await anon.from('authors').select('name, author_settings(theme)').order('name');
    expect(data).toEqual([
      { name: 'alice', author_settings: { theme: 'light' } },
      { name: 'bob', author_settings: null },
      { name: 'carol', author_settings: null },
    ]);
  });

  test('nested embeds, with filters, order and limit on the embedded table', async () => {
    const { data, error } = await anon
      .from('authors')
      .select('name, articles!author_id(id, title, comments(content, author:authors(name)))')
      .eq('name', 'alice')
      .eq('articles.comments.author_id', ALICE)
      .order('id', { referencedTable: 'articles', ascending: false })
      .limit(2, { referencedTable: 'articles' });
    expect(error).toBeNull();
    expect(data).toEqual([
      {
        name: 'alice',
        articles: [
          { id: 12, title: 'Article 12', comments: [] },
          { id: 9, title: 'Article 9', comments: [] },
        ],
      },
    ]);
    const nested = await anon
      .from('articles')
      .select('id, comments(content, author:authors(name))')
      .eq('id', 3)
      .eq('comments.author_id', ALICE);
    expect(nested.data).toEqual([{ id: 3, comments: [{ content: 'Comment 2 on 3', author: { name: 'alice' } }] }]);
  });

  test('a filter on a plain embed filters the embed; with !inner it filters the parents', async () => {
    const plain = await anon
      .from('articles')
      .select('id, author:authors!author_id(name)')
      .eq('author.name', 'alice')
      .lte('id', 3)
      .order('id');
    expect(plain.data).toEqual([
      { id: 1, author: null },
      { id: 2, author: null },
      { id: 3, author: { name: 'alice' } },
    ]);
    const inner = await anon
      .from('articles')
      .select('id, author:authors!author_id!inner(name)', { count: 'exact' })
      .eq('author.name', 'alice')
      .order('id');
    expect(inner.data?.map((a) => a.id)).toEqual([3, 6, 9, 12]);
    expect(inner.count).toBe(4);
  });

  test('many-to-many through a junction table is an array; the junction name is a hint', async () => {
    const { data, error } = await anon
      .from('articles')
      .select('id, labels(name)')
      .lte('id', 3)
      .order('id')
      .order('name', { referencedTable: 'labels' });
    expect(error).toBeNull();
    expect(data).toEqual([
      { id: 1, labels: [{ name: 'guide' }, { name: 'news' }] },
      { id: 2, labels: [{ name: 'news' }] },
      { id: 3, labels: [] },
    ]);
    const back = await anon
      .from('labels')
      .select('name, articles!article_labels!inner(id)')
      .order('id', { referencedTable: 'articles' })
      .order('id');
    expect(back.data).toEqual([
      { name: 'guide', articles: [{ id: 1 }] },
      { name: 'news', articles: [{ id: 1 }, { id: 2 }] },
    ]);
  });

  test('is.null on an embed keeps the parents without one', async () => {
    const { data } = await anon
      .from('articles')
      .select('id, editor:authors!editor_id(name)')
      .is('editor', null)
      .lte('id', 5)
      .order('id');
    expect(data).toEqual([
      { id: 1, editor: null },
      { id: 3, editor: null },
      { id: 5, editor: null },
    ]);
  });

  test('an ambiguous embed is 300 with the candidates; a missing relationship is 400', async () => {
    const ambiguous = await anon.from('articles').select('id, authors(name)');
    expect(ambiguous.status).toBe(300);
    expect(ambiguous.error?.code).toBe('PGRST201');
    expect(ambiguous.error?.details).toHaveLength(2);
    expect(ambiguous.error?.hint).toContain('authors!articles_author_id_fkey');
    const missing = await anon.from('articles').select('id, notes(body)');
    expect(missing.status).toBe(400);
    expect(missing.error?.code).toBe('PGRST200');
    expect(missing.error?.message).toBe(
      "Could not find a relationship between 'articles' and 'notes' in the schema cache",
    );
  });

  test('a table name as hint, and a filter on an embed not in select, are errors', async () => {
    const notEmbedded = await anon.from('articles').select('id').eq('author.name', 'alice');
    expect(notEmbedded.status).toBe(400);
    expect(notEmbedded.error?.code).toBe('PGRST108');
  });
});

describe('filters', () => {
  const ids = async (q: PromiseLike<{ data: Article[] | null; error: unknown }>) => {
    const { data, error } = await q;
    expect(error).toBeNull();
    return (data ?? []).map((a) => a.id);
  };
  const articles = () => anon.from('articles').select('id, title').order('id');

  test('comparisons', async () => {
    expect(await ids(articles().eq('views', 30))).toEqual([3]);
    expect(await ids(articles().neq('author_id', BOB).lt('id', 6))).toEqual([2, 3, 5]);
    expect(await ids(articles().gt('views', 100))).toEqual([11, 12]);
    expect(await ids(articles().gte('views', 110))).toEqual([11, 12]);
    expect(await ids(articles().lte('views', 20))).toEqual([1, 2]);
    expect(await ids(articles().gte('created_at', '2026-01-11T00:00:00Z'))).toEqual([10, 11, 12]);
  });

  test('like and ilike with * wildcards, also with any/all', async () => {
    expect(await ids(articles().like('title', '*le 1*'))).toEqual([1, 10, 11, 12]);
    expect(await ids(articles().ilike('title', 'ARTICLE 1_'))).toEqual([10, 11, 12]);
    expect(await ids(articles().likeAnyOf('title', ['*e 2', '*e 3']))).toEqual([2, 3]);
  });

  test('in with quoted values, is null / true / false, not', async () => {
    expect(await ids(articles().in('id', [2, 4, 99]))).toEqual([2, 4]);
    expect(await ids(articles().in('title', ['Article 1', 'x,y', 'a(b)']))).toEqual([1]);
    expect(await ids(articles().is('body', null))).toEqual([4, 8, 12]);
    expect(await ids(articles().not('body', 'is', null).lt('id', 4))).toEqual([1, 2, 3]);
    expect(await ids(articles().is('published', true).gt('id', 11))).toEqual([12]);
    expect(await ids(articles().is('published', false))).toEqual([]);
    expect(await ids(articles().not('id', 'in', '(1,2,3,4,5,6,7,8,9,10)'))).toEqual([11, 12]);
  });

  test('array contains / contained by / overlaps, and jsonb contains', async () => {
    expect(await ids(articles().contains('tags', ['news']).lt('id', 5))).toEqual([2, 4]);
    expect(await ids(articles().containedBy('tags', ['odd', 'other']).lt('id', 5))).toEqual([1, 3]);
    expect(await ids(articles().overlaps('tags', ['odd', 'nothing']).lt('id', 5))).toEqual([1, 3]);
    expect(await ids(articles().contains('meta', { kind: 'early', n: 4 }))).toEqual([4]);
  });

  test('or and and, nested, with quoted values', async () => {
    expect(await ids(articles().or('id.eq.1,and(views.gte.100,title.like.*2)'))).toEqual([1, 12]);
    expect(await ids(articles().or('title.eq."Article 2",id.in.(3,4)'))).toEqual([2, 3, 4]);
    expect(await ids(articles().or('and(id.gt.10,body.not.is.null),id.eq.1'))).toEqual([1, 11]);
  });

  test('an or on an embedded table filters the embed', async () => {
    const { data } = await anon
      .from('articles')
      .select('id, comments(id)')
      .eq('id', 2)
      .or('id.eq.4,id.eq.6', { referencedTable: 'comments' });
    expect(data).toEqual([{ id: 2, comments: [{ id: 4 }, { id: 6 }] }]);
  });

  test('full-text search', async () => {
    expect(await ids(articles().textSearch('title', "'12'"))).toEqual([12]);
    expect(await ids(articles().textSearch('body', 'article & 7', { config: 'english' }))).toEqual([7]);
  });
});

describe('order, ranges and counts', () => {
  test('several order terms with nulls first and last', async () => {
    const { data } = await anon
      .from('articles')
      .select('id, rating')
      .order('rating', { ascending: false, nullsFirst: true })
      .order('id')
      .limit(4);
    expect(data).toEqual([
      { id: 5, rating: null },
      { id: 10, rating: null },
      { id: 12, rating: 6 },
      { id: 11, rating: 5.5 },
    ]);
    const last = await anon.from('articles').select('id').order('rating', { nullsFirst: false }).limit(20);
    expect(last.data?.slice(-2)).toEqual([{ id: 5 }, { id: 10 }]);
  });

  test('range() sends limit and offset; Content-Range tells the page and, with count, the total', async () => {
    const { data, count, status } = await anon
      .from('articles')
      .select('id', { count: 'exact' })
      .order('id')
      .range(2, 4);
    expect(data).toEqual([{ id: 3 }, { id: 4 }, { id: 5 }]);
    expect(count).toBe(12);
    expect(status).toBe(206);
    const res = await rest(stack, '/articles?select=id&order=id&offset=2&limit=3', {
      headers: { Prefer: 'count=exact' },
    });
    expect(res.headers.get('content-range')).toBe('2-4/12');
    expect(res.headers.get('preference-applied')).toBe('count=exact');
  });

  test('without a count the total is *; a full page with count is 200', async () => {
    const res = await rest(stack, '/articles?select=id&limit=15');
    expect(res.headers.get('content-range')).toBe('0-11/*');
    const all = await anon.from('articles').select('id', { count: 'planned' });
    expect(all.status).toBe(200);
    expect(all.count).toBe(12);
  });

  test('an empty result is */0 with a count and */* without', async () => {
    const counted = await rest(stack, '/articles?id=gt.1000', { headers: { Prefer: 'count=exact' } });
    expect(counted.headers.get('content-range')).toBe('*/0');
    expect(await counted.json()).toEqual([]);
    const uncounted = await rest(stack, '/articles?id=gt.1000');
    expect(uncounted.headers.get('content-range')).toBe('*/*');
  });

  test('a Range header pages like limit and offset', async () => {
    const res = await rest(stack, '/articles?select=id&order=id', {
      headers: { Range: '0-1', 'Range-Unit': 'items', Prefer: 'count=exact' },
    });
    expect(res.status).toBe(206);
    expect(await res.json()).toEqual([{ id: 1 }, { id: 2 }]);
    expect(res.headers.get('content-range')).toBe('0-1/12');
  });

  test('an offset past the end of a counted set is 416', async () => {
    const res = await rest(stack, '/articles?offset=50', { headers: { Prefer: 'count=exact' } });
    expect(res.status).toBe(416);
    expect((await res.json()).code).toBe('PGRST103');
  });

  test('HEAD answers the count with no body', async () => {
    const { data, count, status } = await anon
      .from('articles')
      .select('*', { count: 'exact', head: true })
      .gt('views', 50);
    expect(status).toBe(200);
    expect(data).toBeNull();
    expect(count).toBe(7);
    const res = await rest(stack, '/articles?views=gt.50', { method: 'HEAD', headers: { Prefer: 'count=exact' } });
    expect(res.headers.get('content-range')).toBe('0-6/7');
    expect(await res.text()).toBe('');
  });

  test('RLS decides the rows: a draft is visible to its author only', async () => {
    const asAnon = await anon.from('articles').select('id', { count: 'exact', head: true });
    expect(asAnon.count).toBe(12);
    const bob = await clientAs(stack, BOB);
    const asBob = await bob.from('articles').select('id, title').eq('published', false);
    expect(asBob.data).toEqual([{ id: 13, title: 'Draft of bob' }]);
  });
});

describe('single rows', () => {
  test('single() answers one object', async () => {
    const { data, error } = await anon.from('articles').select('id, title').eq('id', 5).single();
    expect(error).toBeNull();
    expect(data).toEqual({ id: 5, title: 'Article 5' });
  });

  test('single() on zero or many rows is 406 PGRST116', async () => {
    const none = await anon.from('articles').select('id').eq('id', 999).single();
    expect(none.status).toBe(406);
    expect(none.error).toMatchObject({
      code: 'PGRST116',
      message: 'JSON object requested, multiple (or no) rows returned',
      details: 'The result contains 0 rows',
    });
    const many = await anon.from('articles').select('id').lt('id', 4).single();
    expect(many.error?.details).toBe('The result contains 3 rows');
  });

  test('maybeSingle() gives null for no row', async () => {
    const { data, error } = await anon.from('articles').select('id').eq('id', 999).maybeSingle();
    expect(error).toBeNull();
    expect(data).toBeNull();
  });

  test('stripNulls() drops null fields', async () => {
    const { data } = await anon.from('articles').select('id, body, editor_id').eq('id', 4).stripNulls();
    expect(data).toEqual([{ id: 4, editor_id: ALICE }]);
  });
});
