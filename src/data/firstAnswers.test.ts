// The first screen's answers from a page's rows, and which pages the app hydrates: home, a category and a thread at
// their addresses.
import { expect, it } from 'vitest';
import { firstAnswersOf } from './firstAnswers.ts';
import { hydratesAt, type FirstRows } from './firstRows.ts';

const at = '2026-11-20T10:00:00+00:00';
const category = {
  id: 'c1',
  name: 'Market Talk',
  description: '',
  slug: 'market-talk',
  color: '#888',
  type: 'crypto' as const,
  order_index: 1,
  is_active: true,
  sync_txid: 5,
};
const thread = {
  id: 't1',
  slug: 'guapx-price',
  title: 'GUAPX price',
  category_id: 'c1',
  author_id: null,
  is_pinned: false,
  is_locked: false,
  is_ad: false,
  view_count: 4,
  reply_count: 0,
  last_reply_at: null,
  highest_post_number: 1,
  created_at: at,
  updated_at: at,
  sync_txid: 7,
};
const rows = (page: FirstRows['page']): FirstRows => ({
  page,
  ...(page === 'category' ? { categoryType: 'crypto' as const } : {}),
  // A category page's rows hold every type's categories: its chips are its own type's.
  categories: page === 'category' ? [category, { ...category, id: 'c2', type: 'guapcoin' as const }] : [category],
  threads: [thread],
  posts: [],
  profiles: [],
  threadCounts: page === 'thread' ? {} : { crypto: 14 },
  readAt: Date.parse(at),
});

it("answers home's cards with the server's counts, and its threads joined to their categories", () => {
  const answers = firstAnswersOf(rows('home'));
  expect(answers.cards?.map((c) => [c.type, c.threadCount])).toEqual([['crypto', 14]]);
  expect(answers.latestThreads?.map((t) => [t.title, t.category?.name, t.address])).toEqual([
    ['GUAPX price', 'Market Talk', 'guapx-price'],
  ]);
  expect(answers.thread).toBeUndefined();
});

it("answers a thread page's thread and posts, and nothing of home's", () => {
  const answers = firstAnswersOf(rows('thread'));
  expect(answers.thread?.title).toBe('GUAPX price');
  expect(answers.posts).toEqual([]);
  expect(answers.cards).toBeUndefined();
});

it("answers a category page's chips of its type and its threads, counted as the server counted them", () => {
  const answers = firstAnswersOf(rows('category'));
  expect(answers.category?.type).toBe('crypto');
  expect(answers.category?.subcategories.map((c) => c.slug)).toEqual(['market-talk']);
  expect(answers.category?.threads.threads.map((t) => [t.title, t.category?.name])).toEqual([
    ['GUAPX price', 'Market Talk'],
  ]);
  expect(answers.category?.threads.total).toBe(14);
  expect(answers.threadCounts).toEqual({ crypto: 14 });
  expect(answers.cards).toBeUndefined();
});

it('hydrates home, a category and a thread at their own addresses, not a thread by its id', () => {
  expect(hydratesAt(rows('home'), '/')).toBe(true);
  expect(hydratesAt(rows('thread'), '/t/guapx-price')).toBe(true);
  expect(hydratesAt(rows('thread'), '/t/guapx-price/')).toBe(true);
  expect(hydratesAt(rows('thread'), '/thread/t1')).toBe(false);
  expect(hydratesAt(rows('category'), '/category/crypto')).toBe(true);
  expect(hydratesAt(rows('category'), '/category/crypto/', '?utm_source=x')).toBe(true);
  expect(hydratesAt(rows('category'), '/category/guapcoin')).toBe(false);
});

it('does not hydrate a category whose address chooses a subcategory, a sort or a page the server did not render', () => {
  for (const search of ['?cat=market-talk', '?sort=top', '?page=2']) {
    expect(hydratesAt(rows('category'), '/category/crypto', search)).toBe(false);
  }
});
