import { describe, expect, it } from 'vitest';
import {
  ESTIMATED_POST_HEIGHT,
  pageCount,
  pageSlice,
  pagesToRender,
  placeholderHeight,
  POSTS_PER_PAGE,
} from './windowing.ts';

describe('post list windowing', () => {
  it('splits posts into pages, the last one partial', () => {
    expect(pageCount(0)).toBe(0);
    expect(pageCount(1)).toBe(1);
    expect(pageCount(201)).toBe(11);
    expect(pageSlice(10, 201)).toEqual([200, 201]);
    expect(pageSlice(0, 5)).toEqual([0, 5]);
  });

  it('renders the visible pages and none ahead, inside the bounds', () => {
    expect([...pagesToRender([0], 100)]).toEqual([0]);
    expect([...pagesToRender([50, 51], 100)].sort((a, b) => a - b)).toEqual([50, 51]);
    expect([...pagesToRender([99, 100], 100)]).toEqual([99]);
  });

  it('renders the first page before anything was seen, and nothing for an empty thread', () => {
    expect([...pagesToRender([], 3)]).toEqual([0]);
    expect([...pagesToRender([], 0)]).toEqual([]);
  });

  it('keeps a page at its measured height, else the measured average, else the estimate', () => {
    const measured = new Map([
      [0, POSTS_PER_PAGE * 100],
      [1, POSTS_PER_PAGE * 300],
    ]);
    expect(placeholderHeight(1, POSTS_PER_PAGE, measured)).toBe(POSTS_PER_PAGE * 300);
    expect(placeholderHeight(7, 10, measured)).toBe(2000);
    expect(placeholderHeight(3, 4, new Map())).toBe(4 * ESTIMATED_POST_HEIGHT);
  });

  it('keeps a 2,000-post thread to a few pages in the DOM', () => {
    const count = pageCount(2000);
    expect(count).toBe(100);
    const rendered = pagesToRender([40, 41], count);
    expect(rendered.size * POSTS_PER_PAGE).toBeLessThanOrEqual(80);
  });
});
