import { describe, expect, it } from 'vitest';
import { listAuthorName } from '../../ui/AuthorLabel.tsx';
import { authorName } from './people.ts';

describe('author names', () => {
  it('prefers the display name, then the username, then a stand-in', () => {
    const base = { id: '1', username: 'satoshi', avatar_url: null, role: 'user' as const };
    expect(authorName('1', { ...base, display_name: 'Satoshi N' })).toBe('Satoshi N');
    expect(authorName('1', { ...base, display_name: '  ' })).toBe('satoshi');
    expect(authorName('1', null)).toBe('Unknown member');
  });

  it('names the author of a deleted account "Deleted member", whatever the mirror still holds', () => {
    expect(authorName(null, null)).toBe('Deleted member');
    expect(listAuthorName(null, null)).toBe('Deleted member');
    expect(listAuthorName('1', null)).toBe('unknown');
    expect(listAuthorName('1', { username: 'satoshi' })).toBe('satoshi');
  });
});
