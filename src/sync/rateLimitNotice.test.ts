import { describe, expect, it } from 'vitest';
import { rateLimitNotice, waitDuration } from './rateLimitNotice.ts';

describe('rateLimitNotice', () => {
  it('says how long is left and why, without the server count that no longer holds', () => {
    expect(rateLimitNotice('You are posting too quickly. Please wait 5 seconds.', 3.2)).toBe(
      'Waiting 4s: you are posting too quickly',
    );
    expect(
      rateLimitNotice('New accounts can post 10 replies in their first day. Please wait 3 hours 10 minutes.', 11_400),
    ).toBe('Waiting 3 h 10 min: new accounts can post 10 replies in their first day');
  });

  it('still says how long for a message without sentences', () => {
    expect(rateLimitNotice('', 12)).toBe('Waiting 12s');
  });
});

describe('waitDuration', () => {
  it.each([
    [0, '1s'],
    [59, '59s'],
    [60, '1 min'],
    [61, '2 min'],
    [3600, '1 h'],
    [3660, '1 h 1 min'],
  ])('words %i seconds as %s', (seconds, words) => {
    expect(waitDuration(seconds)).toBe(words);
  });
});
