// The first screen's answers from a page's rows, and which pages the app hydrates: home, and a thread at its address.
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
  categories: [category],
  threads: [thread],
  posts: [],
  profiles: [],
  threadCounts: page === 'home' ? { crypto: 14 } : {},
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

it('hydrates home and a thread at its own address, not a thread by its id nor a category', () => {
  expect(hydratesAt(rows('home'), '/')).toBe(true);
  expect(hydratesAt(rows('thread'), '/t/guapx-price')).toBe(true);
  expect(hydratesAt(rows('thread'), '/t/guapx-price/')).toBe(true);
  expect(hydratesAt(rows('thread'), '/thread/t1')).toBe(false);
  expect(hydratesAt(rows('category'), '/category/crypto')).toBe(false);
});
