// Fetches the public profiles the mirror lacks (an author who signed up since the last pull).
import type { ForumClient } from '../backend/client.ts';
import type { Mirror } from '../data/mirror.ts';
import { PROFILE_COLUMNS } from '../data/columns.ts';
import { checked } from './request.ts';

/** Null ids (a deleted member's threads and posts) have no profile to fetch. */
export async function fetchMissingProfiles(db: Mirror, client: ForumClient, ids: (string | null)[]) {
  const unique = [...new Set(ids)].filter((id) => id !== null);
  const have = await db.profiles.bulkGet(unique);
  const missing = unique.filter((_, i) => have[i] === undefined);
  if (missing.length === 0) return;
  const { data, error, status } = await client.from('profiles').select(PROFILE_COLUMNS).in('id', missing).retry(false);
  checked(error, status);
  await db.profiles.bulkPut(data ?? []);
}
