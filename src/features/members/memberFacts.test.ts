// What a member card says: post count, the online dot and the roles the menu offers (initials: lib/initials.ts).
import { describe, expect, it } from 'vitest';
import { assignableRoles, isOnline, postCount } from './memberFacts.ts';

describe('postCount and isOnline', () => {
  it('counts threads and replies together', () => {
    expect(postCount({ thread_count: 3, reply_count: 14 })).toBe(17);
  });

  it('shows the dot for a member seen in the last 5 minutes only', () => {
    const now = Date.parse('2026-11-24T12:00:00Z');
    expect(isOnline('2026-11-24T11:56:00Z', now)).toBe(true);
    expect(isOnline('2026-11-24T11:54:59Z', now)).toBe(false);
    expect(isOnline(null, now)).toBe(false);
  });
});

describe('assignableRoles', () => {
  const admin = { id: 'a', role: 'admin' as const };
  const mod = { id: 'm', role: 'moderator' as const };
  const user = { id: 'u', role: 'user' as const };

  it('lets an admin give anyone but themself any other role', () => {
    expect(assignableRoles(admin, { id: 'u', role: 'user' })).toEqual(['moderator', 'admin']);
    expect(assignableRoles(admin, { id: 'a2', role: 'admin' })).toEqual(['user', 'moderator']);
    expect(assignableRoles(admin, { id: 'a', role: 'admin' })).toEqual([]);
  });

  it('lets a moderator make a plain user a moderator, and change no moderator or admin', () => {
    expect(assignableRoles(mod, { id: 'u', role: 'user' })).toEqual(['moderator']);
    expect(assignableRoles(mod, { id: 'm2', role: 'moderator' })).toEqual([]);
    expect(assignableRoles(mod, { id: 'a', role: 'admin' })).toEqual([]);
    expect(assignableRoles(mod, { id: 'm', role: 'moderator' })).toEqual([]);
  });

  it('offers nothing to plain members and visitors', () => {
    expect(assignableRoles(user, { id: 'x', role: 'user' })).toEqual([]);
    expect(assignableRoles(null, { id: 'x', role: 'user' })).toEqual([]);
  });
});
