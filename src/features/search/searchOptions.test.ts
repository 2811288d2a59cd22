import { describe, expect, it } from 'vitest';
import { moveActive, optionKey, searchOptions } from './searchOptions.ts';

describe('searchOptions', () => {
  it('lists threads, then members, then the link to every result', () => {
    const options = searchOptions(
      {
        threads: [{ thread_id: 't', slug: 's', title: 'T', post_id: null, snippet: null }],
        members: [{ id: 'm', username: 'u', display_name: null, avatar_url: null, role: 'user' }],
      },
      'q',
    );
    expect(options.map((o) => o.kind)).toEqual(['thread', 'member', 'all']);
    expect(options.map(optionKey)).toEqual(['thread:t', 'member:m', 'all']);
    expect(searchOptions(undefined, 'q')).toEqual([{ kind: 'all', query: 'q' }]);
  });
});

describe('moveActive', () => {
  it('starts from the first or the last option and wraps around', () => {
    expect(moveActive(-1, 3, 1)).toBe(0);
    expect(moveActive(-1, 3, -1)).toBe(2);
    expect(moveActive(2, 3, 1)).toBe(0);
    expect(moveActive(0, 3, -1)).toBe(2);
    expect(moveActive(-1, 0, 1)).toBe(-1);
  });
});
