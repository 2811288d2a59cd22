// What a member card says about a member, worked out from their profile row: pure, so it is tested on its own.
import type { ProfileRow, Role } from '../../data/types.ts';

/** SPEC §6 colours and words, in the order the role menu lists them. */
const ROLES: readonly Role[] = ['user', 'moderator', 'admin'];

export const ROLE_NAMES: Record<Role, string> = { user: 'User', moderator: 'Moderator', admin: 'Admin' };

/** Seen this recently counts as online. */
const ONLINE_WINDOW_MS = 5 * 60_000;

/** Posts a member wrote: the threads they opened and their replies, both counted by the database. */
export function postCount(member: Pick<ProfileRow, 'thread_count' | 'reply_count'>): number {
  return member.thread_count + member.reply_count;
}

export function isOnline(lastSeenAt: string | null, now: number): boolean {
  if (!lastSeenAt) return false;
  const age = now - new Date(lastSeenAt).getTime();
  return age >= -ONLINE_WINDOW_MS && age < ONLINE_WINDOW_MS;
}

/**
 * The roles the viewer may give this member, as the database allows them (SPEC §6): an admin any role to anyone
 * but themself; a moderator moderator to a plain user, and nothing to another moderator or an admin; others
 * nothing. The member's current role is left out: choosing it would change nothing.
 */
export function assignableRoles(
  viewer: { id: string; role: Role } | null,
  member: Pick<ProfileRow, 'id' | 'role'>,
): Role[] {
  if (!viewer || viewer.id === member.id) return [];
  const allowed: readonly Role[] =
    viewer.role === 'admin'
      ? ROLES
      : viewer.role === 'moderator' && member.role === 'user'
        ? ['user', 'moderator']
        : [];
  return allowed.filter((role) => role !== member.role);
}
