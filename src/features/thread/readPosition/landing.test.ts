import { describe, expect, it } from 'vitest';
import { firstUnread, highestPostNumber, topmostInView } from './landing.ts';

const posts = (...numbers: number[]) => numbers.map((n) => ({ id: `p${n}`, post_number: n }));

describe('landing on the first unread post', () => {
  it('lands on the first post past the position held when the thread was opened', () => {
    expect(firstUnread(posts(1, 2, 3, 4, 5), 3)?.id).toBe('p4');
  });

  it('skips the gap a deleted post left', () => {
    expect(firstUnread(posts(1, 2, 3, 6, 7), 4)?.id).toBe('p6');
  });

  it('has no landing for a thread never opened or fully read', () => {
    expect(firstUnread(posts(1, 2, 3), 0)).toBeUndefined();
    expect(firstUnread(posts(1, 2, 3), 3)).toBeUndefined();
  });

  it('never lands on a post waiting to send, which has no number yet', () => {
    expect(firstUnread(posts(1, 2, 0), 2)).toBeUndefined();
  });

  it("never puts the member's own post under the divider: a reply sent from offline gets a number past it", () => {
    const thread = [
      ...posts(1, 2, 3).map((p) => ({ ...p, author_id: 'other' })),
      { id: 'mine', post_number: 4, author_id: 'me' },
    ];
    expect(firstUnread(thread, 3, 'me')).toBeUndefined();
    const later = [...thread, { id: 'theirs', post_number: 5, author_id: 'other' }];
    expect(firstUnread(later, 3, 'me')?.id).toBe('theirs');
  });

  it('counts the newest post from the row or a newer post on this device', () => {
    expect(highestPostNumber(10, posts(1, 2, 12))).toBe(12);
    expect(highestPostNumber(10, posts(1, 2))).toBe(10);
  });

  it('finds the topmost post below the header', () => {
    const rects = [
      { id: 'a', bottom: -300 },
      { id: 'b', bottom: 60 },
      { id: 'c', bottom: 400 },
    ];
    expect(topmostInView(rects, 64)).toBe('c');
    expect(topmostInView(rects, 0)).toBe('b');
    expect(topmostInView([], 64)).toBeUndefined();
  });
});
