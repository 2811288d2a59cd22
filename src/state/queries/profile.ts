// A member's profile from the mirror, fetched by the engine when the mirror lacks it (a member who signed up since
// the last pull); the own profile adds the private fields the device keeps in `me`. Also where the member's own
// profile writes stand: waiting, refused, or sent. And the member's recent activity, read online.
import { useCallback, useEffect, useState } from 'react';
import { errorKind } from '../../backend/errors.ts';
import { fetchMemberActivity, type ActivityEntry, type PublicProfile } from '../../backend/profiles.ts';
import { ownProfile } from '../../data/queries/people.ts';
import type { FailedEntry } from '../../data/outboxTypes.ts';
import type { OpenThreadResult } from '../../sync/engine.ts';
import { useBackend } from '../BackendContext.tsx';
import { logError } from '../errors/reportError.ts';
import { useSyncEngine, useSyncStatus, useSyncStatusOf } from '../sync/SyncContext.tsx';
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

type MemberActivity =
  { state: 'loading' | 'offline' | 'failed' | 'hidden' } | { state: 'ready'; entries: ActivityEntry[] };

/**
 * The member's recent threads and replies, asked of the server (the mirror keeps no such list) when the profile
 * opens, on retry, and, on the own profile, each time the outbox moves, so a reply just sent shows once it lands.
 * A list already shown stays while a newer one is asked for, and while offline.
 */
export function useMemberActivity(userId: string, own: boolean): { activity: MemberActivity; retry(): void } {
  const client = useBackend();
  const { online, unreachable, pending } = useSyncStatus();
  const reachable = online && !unreachable;
  const [attempt, setAttempt] = useState(0);
  const [shown, setShown] = useState<{ userId: string; activity: MemberActivity }>();
  const ownPending = own ? pending : 0;
  useEffect(() => {
    if (!reachable) return;
    let current = true;
    fetchMemberActivity(client, userId).then(
      ({ entries, hidden }) => {
        if (current) setShown({ userId, activity: hidden ? { state: 'hidden' } : { state: 'ready', entries } });
      },
      (error: unknown) => {
        logError(error, 'Loading the recent activity failed');
        const state = errorKind(error) === 'network' ? 'offline' : 'failed';
        // A failed refresh keeps the list already shown; only a first load shows the failure.
        if (current)
          setShown((s) => (s?.userId === userId && s.activity.state === 'ready' ? s : { userId, activity: { state } }));
      },
    );
    return () => {
      current = false;
    };
  }, [client, userId, reachable, attempt, ownPending]);
  const retry = useCallback(() => {
    // The failure goes, so the card shows it is loading again.
    setShown(undefined);
    setAttempt((n) => n + 1);
  }, []);
  const last = shown?.userId === userId ? shown.activity : undefined;
  if (last?.state === 'ready') return { activity: last, retry };
  if (!reachable) return { activity: { state: 'offline' }, retry };
  return { activity: last ?? { state: 'loading' }, retry };
}
