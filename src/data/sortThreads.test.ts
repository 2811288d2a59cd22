import { describe, expect, it } from 'vitest';
import { sortThreads, type ThreadSort } from './sortThreads.ts';

const thread = (id: string, is_pinned: boolean, view_count: number, reply_count: number, created_at: string) => ({
  id,
  is_pinned,
  view_count,
  reply_count,
  created_at,
});

const threads = [
  thread('old-popular', false, 900, 1, '2026-01-01T00:00:00Z'),
  thread('pinned-quiet', true, 5, 0, '2025-12-01T00:00:00Z'),
  thread('new-chatty', false, 10, 50, '2026-03-01T00:00:00Z'),
  thread('pinned-new', true, 1, 2, '2026-02-01T00:00:00Z'),
  thread('mid', false, 10, 50, '2026-02-15T00:00:00Z'),
];

const order = (sort: ThreadSort) => sortThreads(threads, sort).map((t) => t.id);

describe('sortThreads', () => {
  it('Latest: pinned first, then newest', () => {
    expect(order('latest')).toEqual(['pinned-new', 'pinned-quiet', 'new-chatty', 'mid', 'old-popular']);
  });

  it('Most Popular: pinned first (by views among themselves), then by views, ties newest first', () => {
    expect(order('popular')).toEqual(['pinned-quiet', 'pinned-new', 'old-popular', 'new-chatty', 'mid']);
  });

  it('Most Replies: pinned first, then by replies, ties newest first', () => {
    expect(order('replies')).toEqual(['pinned-new', 'pinned-quiet', 'new-chatty', 'mid', 'old-popular']);
  });

  it('leaves its input alone', () => {
    const before = threads.map((t) => t.id);
    sortThreads(threads, 'popular');
    expect(threads.map((t) => t.id)).toEqual(before);
  });
});
