// The directory's first cards, read while /members loads (its route's loader), so that its first frame shows them.
import type { Mirror } from '../../data/mirror.ts';
import type { ProfileRow } from '../../data/types.ts';
import { readMirror, type MirrorResult } from './useMirrorQuery.ts';

/** Enough cards to fill a tall desktop screen before the whole directory is read. */
export const FIRST_CARDS = 24;

/** The directory's queries load with the route, not with the first screen. */
export async function readFirstCards(db: Mirror): Promise<MirrorResult<ProfileRow[]>> {
  const { topMembers } = await import('../../data/queries/members.ts');
  return readMirror(db, (db) => topMembers(db, FIRST_CARDS));
}
