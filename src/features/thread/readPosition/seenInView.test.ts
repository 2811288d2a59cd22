import { describe, expect, it } from 'vitest';
import { isSeen } from './seenInView.ts';

const entry = (isIntersecting: boolean, intersectionRatio: number, height: number) => ({
  isIntersecting,
  intersectionRatio,
  intersectionRect: { height } as DOMRectReadOnly,
});

describe('when a post counts as seen', () => {
  it('a short post once it is wholly in the window, not while it peeks in', () => {
    expect(isSeen(entry(true, 1, 200), 800)).toBe(true);
    expect(isSeen(entry(true, 0.6, 120), 800)).toBe(false);
  });

  it('a post taller than the window once it fills half of it', () => {
    expect(isSeen(entry(true, 0.3, 420), 800)).toBe(true);
    expect(isSeen(entry(true, 0.2, 300), 800)).toBe(false);
  });

  it('never a post out of the window', () => {
    expect(isSeen(entry(false, 0, 0), 800)).toBe(false);
  });
});
