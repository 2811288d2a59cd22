import { describe, expect, it } from 'vitest';
import { authorName, initials } from './people.ts';

describe('author names', () => {
  it('prefers the display name, then the username, then a stand-in', () => {
    const base = { id: '1', username: 'satoshi', avatar_url: null, role: 'user' as const };
    expect(authorName({ ...base, display_name: 'Satoshi N' })).toBe('Satoshi N');
    expect(authorName({ ...base, display_name: '  ' })).toBe('satoshi');
    expect(authorName(null)).toBe('Unknown member');
  });

  it('draws at most two initials', () => {
    expect(initials('Satoshi Nakamoto Jr')).toBe('SN');
    expect(initials('carla')).toBe('C');
    expect(initials('node_runner')).toBe('NR');
    expect(initials('')).toBe('?');
  });
});
