// What the header shows for the signed-in member, with the spec's fallbacks (SPEC §2 "Shell layout").
import type { Profile } from '../../backend/profiles.ts';

interface Who {
  profile: Pick<Profile, 'username' | 'display_name'> | null;
  email: string | null | undefined;
}

/** The username's first letter, else the email's, else '?'. */
export function avatarInitial({ profile, email }: Who): string {
  const source = profile?.username || email || '';
  return source ? source[0]!.toUpperCase() : '?';
}

/** The display name, else the email before the at-sign, else 'User'. */
export function displayName({ profile, email }: Who): string {
  return profile?.display_name || email?.split('@')[0] || 'User';
}

/** SPEC §9: the message badge shows 99+ above 99. */
export function unreadBadge(count: number): string | null {
  if (count <= 0) return null;
  return count > 99 ? '99+' : String(count);
}
