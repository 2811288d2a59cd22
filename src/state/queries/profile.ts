// A member's profile from the mirror, fetched by the engine when the mirror lacks it (a member who signed up since
// the last pull); the own profile adds the private fields the device keeps in `me`. Also where the member's own
// profile writes stand: waiting, refused, or sent.
import { useEffect, useState } from 'react';
import type { PublicProfile } from '../../backend/profiles.ts';
import { ownProfile } from '../../data/queries/people.ts';
import type { FailedEntry } from '../../data/outboxTypes.ts';
import type { OpenThreadResult } from '../../sync/engine.ts';
import { logError } from '../errors/reportError.ts';
import { useSyncEngine, useSyncStatusOf } from '../sync/SyncContext.tsx';
import { useMirrorQuery, type MirrorResult } from './useMirrorQuery.ts';

export type ProfileView = PublicProfile & { email?: string | null };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** 'failed': the fetch failed for a reason other than the network; the screen says it could not load. */
type FetchState = OpenThreadResult | 'failed' | 'loading';

export function useProfile(
  userId: string,
  own: boolean,
): { profile: MirrorResult<ProfileView | null>; fetchState: FetchState } {
  const engine = useSyncEngine();
  const online = useSyncStatusOf((s) => s.online);
  const [fetched, setFetched] = useState<{ key: string; result: OpenThreadResult | 'failed' }>();
  const valid = UUID.test(userId);
  const key = `${userId}|${online}`;
  useEffect(() => {
    // An address that is no member id at all is not found, without asking the server.
    if (!valid) return;
    let current = true;
    engine.openProfile(userId).then(
      (result) => current && setFetched({ key, result }),
      (error: unknown) => {
        logError(error, 'Opening the profile failed');
        if (current) setFetched({ key, result: 'failed' });
      },
    );
    return () => {
      current = false;
    };
  }, [engine, userId, key, valid]);
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
  const fetchState = !valid ? 'missing' : fetched?.key === key ? fetched.result : 'loading';
  return { profile, fetchState };
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
