// The directory's first cards, read while /members loads (its route's loader), so that its first frame shows them.
import type { Mirror } from '../../data/mirror.ts';
import { topMembers } from '../../data/queries/members.ts';
import type { ProfileRow } from '../../data/types.ts';
import { readMirror, type MirrorResult } from './useMirrorQuery.ts';

/** Enough cards to fill a tall desktop screen before the whole directory is read. */
export const FIRST_CARDS = 24;

export function readFirstCards(db: Mirror): Promise<MirrorResult<ProfileRow[]>> {
  return readMirror(db, (db) => topMembers(db, FIRST_CARDS));
}
