import { describe, expect, it } from 'vitest';
import { parseCategorySearch } from './categorySearch.ts';

describe('parseCategorySearch', () => {
  it('keeps a subcategory slug, a known sort and a page above 1', () => {
    expect(parseCategorySearch({ cat: 'market-talk', sort: 'replies', page: 3 })).toEqual({
      cat: 'market-talk',
      sort: 'replies',
      page: 3,
    });
  });

  it('drops the default sort, unknown sorts, page 1 and junk', () => {
    expect(parseCategorySearch({ cat: ' ', sort: 'latest', page: 1 })).toEqual({});
    expect(parseCategorySearch({ cat: 42, sort: 'random', page: 'x' })).toEqual({});
    expect(parseCategorySearch({ page: 2.5 })).toEqual({});
  });
});
