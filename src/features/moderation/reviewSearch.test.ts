import { describe, expect, test } from 'vitest';
import { isFiltered, parseReviewSearch, queueFilters, rangeProblem } from './reviewSearch.ts';

const CATEGORY = '0b6c1d2e-3f40-4a5b-8c6d-7e8f9a0b1c2d';

describe('the review queue URL', () => {
  test('keeps the filters it knows and drops what a hand-typed URL got wrong', () => {
    expect(
      parseReviewSearch({
        status: 'agreed',
        kind: 'held_post',
        reason: 'spam',
        category: CATEGORY,
        author: ' @Alice ',
        from: '2026-11-01',
        to: '2026-11-03',
      }),
    ).toEqual({
      status: 'agreed',
      kind: 'held_post',
      reason: 'spam',
      category: CATEGORY,
      author: 'Alice',
      from: '2026-11-01',
      to: '2026-11-03',
    });
    expect(
      parseReviewSearch({ status: 'pending', kind: 'all', reason: 1, category: 'x', author: '  ', from: '2026-13-45' }),
    ).toEqual({});
    expect(parseReviewSearch({ author: 1234 })).toMatchObject({ author: '1234' });
  });

  test('turns days into instants: "to" takes in its whole day', () => {
    const filters = queueFilters({ from: '2026-11-01', to: '2026-11-03', reason: 'spam' });
    expect(filters).toMatchObject({ status: 'pending', reason: 'spam' });
    expect(filters.from).toBe(new Date('2026-11-01T00:00:00').toISOString());
    expect(filters.before).toBe(new Date('2026-11-04T00:00:00').toISOString());
    expect(queueFilters({})).toEqual({ status: 'pending' });
  });

  test('says when the days are the wrong way round, and whether anything is filtered', () => {
    expect(rangeProblem({ from: '2026-11-03', to: '2026-11-01' })).toMatch(/must not be after/);
    expect(rangeProblem({ from: '2026-11-01', to: '2026-11-01' })).toBeUndefined();
    expect(isFiltered({ status: 'agreed' })).toBe(false);
    expect(isFiltered({ author: 'alice' })).toBe(true);
  });
});
