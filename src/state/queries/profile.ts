// A member's profile from the mirror, fetched by the engine when the mirror lacks it (a member who signed up since
// the last pull); the own profile adds the private fields the device keeps in `me`. Also where the member's own
// profile writes stand: waiting, refused, or sent.
import type { PublicProfile } from '../../backend/profiles.ts';
import { ownProfile } from '../../data/queries/people.ts';
import type { FailedEntry } from '../../data/outboxTypes.ts';
import { useEngineOpen, type OpenState } from './useEngineOpen.ts';
import { useMirrorQuery, type MirrorResult } from './useMirrorQuery.ts';

export type ProfileView = PublicProfile & { email?: string | null };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function useProfile(
  userId: string,
  own: boolean,
): { profile: MirrorResult<ProfileView | null>; fetchState: OpenState } {
  const valid = UUID.test(userId);
  // An address that is no member id at all is not found, without asking the server.
  const opened = useEngineOpen('openProfile', valid ? userId : null);
  const profile = useMirrorQuery(
    async (db): Promise<ProfileView | null> => {
      if (own) return ownProfile(db, userId);
      const row = await db.profiles.get(userId);
      if (!row) return null;
      const { sync_txid: _txid, ...publicRow } = row;
      return publicRow;
    },
    [userId, own],
  );
  return { profile, fetchState: valid ? opened : 'missing' };
}

/** The member's profile changes still waiting to be sent, and the ones the server refused. */
export function useProfileWrites(userId: string | null) {
  return useMirrorQuery(
    async (db): Promise<{ waiting: number; failed: FailedEntry[] }> => {
      if (!userId) return { waiting: 0, failed: [] };
      const mine = (write: { kind: string }) => write.kind === 'updateProfile';
      const [waiting, failed] = await Promise.all([
        db.outbox
          .where('userId')
          .equals(userId)
          .filter((e) => mine(e.write))
          .count(),
        db.failed
          .where('userId')
          .equals(userId)
          .filter((e) => mine(e.write))
          .toArray(),
      ]);
      return { waiting, failed };
    },
    [userId],
  );
}
