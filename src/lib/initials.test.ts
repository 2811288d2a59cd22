// The avatar's letters: one rule, at most two, from the display name, else the username, else the fallback.
import { describe, expect, it } from 'vitest';
import { initials } from './initials.ts';

describe('initials', () => {
  it('takes at most two letters, from the display name, else the username', () => {
    expect(initials({ username: 'satoshi_nakamoney', display_name: 'Satoshi Nakamoney' })).toBe('SN');
    expect(initials({ username: 'hodl', display_name: 'HODL Queen of the Chain' })).toBe('HQ');
    expect(initials({ username: 'node_runner', display_name: null })).toBe('NR');
    expect(initials({ username: 'carla', display_name: '   ' })).toBe('C');
    expect(initials({ username: 'émile.zola', display_name: null })).toBe('ÉZ');
    expect(initials({ username: '___', display_name: null })).toBe('?');
  });

  it('splits words at spaces, dots, dashes and underscores', () => {
    expect(initials({ display_name: 'Satoshi Nakamoto Jr' })).toBe('SN');
    expect(initials({ username: 'guap-member' })).toBe('GM');
    expect(initials({ username: 'carla' })).toBe('C');
    expect(initials({ display_name: '' })).toBe('?');
  });

  it('falls back to the given name (the header: the email before the at-sign), then to ?', () => {
    expect(initials(null, 'ada.lovelace')).toBe('AL');
    expect(initials({ username: null, display_name: null }, 'newcomer')).toBe('N');
    expect(initials(undefined)).toBe('?');
  });

  it('draws the same letters for one member whichever screen asks', () => {
    const member = { username: 'guapmember', display_name: 'Guap Member' };
    expect(initials(member)).toBe('GM');
    expect(initials(member, 'member')).toBe('GM');
  });
});
