// The profile card's derived facts: join month and year, role line, reputation bar width, the online dot.
import { expect, it } from 'vitest';
import { isOnline, joinedLabel, reputationPercent, roleLabel } from './profileFacts.ts';

it('shows the join month and year', () => {
  expect(joinedLabel('2026-03-15T12:00:00Z')).toBe('Joined March 2026');
});

it('has a role line for moderators and admins only', () => {
  expect(roleLabel('user')).toBeNull();
  expect(roleLabel('moderator')).toBe('Moderator');
  expect(roleLabel('admin')).toBe('Administrator');
});

it('fills the reputation bar at reputation/10 percent, capped at 100', () => {
  expect(reputationPercent(0)).toBe(0);
  expect(reputationPercent(42)).toBe(4.2);
  expect(reputationPercent(1000)).toBe(100);
  expect(reputationPercent(5000)).toBe(100);
});

it('is online when seen in the last 5 minutes, and never when last seen is hidden', () => {
  const now = Date.parse('2026-11-24T12:00:00Z');
  expect(isOnline('2026-11-24T11:56:00Z', now)).toBe(true);
  expect(isOnline('2026-11-24T11:54:59Z', now)).toBe(false);
  expect(isOnline(null, now)).toBe(false);
});
