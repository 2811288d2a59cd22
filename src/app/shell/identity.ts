// What the header shows for the signed-in member, with the spec's fallbacks (SPEC §2 "Shell layout").
import type { Profile } from '../../backend/profiles.ts';

interface Who {
  profile: Pick<Profile, 'username' | 'display_name'> | null;
  email: string | null | undefined;
}

/** The email before the at-sign: the name of a member whose profile has not loaded. */
export function emailName(email: string | null | undefined): string | undefined {
  return email?.split('@')[0] || undefined;
}

/** The display name, else the email before the at-sign, else 'User'. */
export function displayName({ profile, email }: Who): string {
  return profile?.display_name || emailName(email) || 'User';
}

/** SPEC §9: the message badge shows 99+ above 99. */
export function unreadBadge(count: number): string | null {
  if (count <= 0) return null;
  return count > 99 ? '99+' : String(count);
}
