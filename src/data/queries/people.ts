// The profiles a list names (authors, senders, recipients), read in one go and cut to what a list shows.
import type { Mirror } from '../mirror.ts';
import type { ProfileRow } from '../types.ts';

export type AuthorSummary = Pick<ProfileRow, 'id' | 'username' | 'display_name' | 'avatar_url' | 'role'>;

export function authorSummary(profile: ProfileRow | undefined): AuthorSummary | null {
  if (!profile) return null;
  const { id, username, display_name, avatar_url, role } = profile;
  return { id, username, display_name, avatar_url, role };
}

export async function profilesById(
  db: Mirror,
  ids: (string | null)[],
): Promise<Map<string | null, AuthorSummary | null>> {
  // A null id is a deleted member's: it has no profile.
  const unique = [...new Set(ids)].filter((id) => id !== null);
  const rows = await db.profiles.bulkGet(unique);
  return new Map(unique.map((id, i) => [id, authorSummary(rows[i])]));
}

/** The member's own profile as this device last pulled it, private fields included; null when it is not here. */
export async function ownProfile(db: Mirror, id: string) {
  const [row, me] = await Promise.all([db.profiles.get(id), db.me.get(id)]);
  if (!row) return null;
  const { sync_txid: _txid, ...profile } = row;
  return me ? { ...profile, ...me } : profile;
}
