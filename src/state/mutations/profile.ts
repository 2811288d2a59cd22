// The member's own profile: field changes go through the outbox (they can wait for a connection); a new avatar is
// uploaded at once (it needs one) and its address then saved the same way. The header's copy follows each change.
import { liveQuery } from 'dexie';
import { useMemo } from 'react';
import { uploadAvatar } from '../../backend/profiles.ts';
import type { SyncEngine } from '../../sync/engine.ts';
import { discardFailed } from '../../sync/failed.ts';
import { enqueueUpdateProfile, type ProfileChanges } from '../../sync/kinds/updateProfile.ts';
import { useBackend } from '../BackendContext.tsx';
import { useSession } from '../session/SessionContext.tsx';
import { useSyncEngine } from '../sync/SyncContext.tsx';
import { runWrite } from './write.ts';

export { DISPLAY_NAME_RULES, USERNAME_TAKEN } from '../../sync/kinds/updateProfile.ts';

/** How a saved change ended: sent, refused (with the failed list's reason), or left waiting for a connection. */
type SaveOutcome = { state: 'sent' } | { state: 'offline'; entryId: string } | { state: 'refused'; reason: string };

/** Follows one outbox entry until it is sent or refused, or until the connection goes while it waits. */
function followEntry(engine: SyncEngine, entryId: string): Promise<SaveOutcome> {
  const { db, status } = engine;
  const connected = () => status.get().online && !status.get().unreachable;
  return new Promise((resolve, reject) => {
    const stops: (() => void)[] = [];
    let done = false;
    const finish = (outcome: SaveOutcome) => {
      if (done) return;
      done = true;
      for (const stop of stops) stop();
      resolve(outcome);
    };
    const entry = liveQuery(async () => ({
      waiting: await db.outbox.where('id').equals(entryId).count(),
      failed: await db.failed.get(entryId),
    })).subscribe({
      next: ({ waiting, failed }) => {
        if (failed) finish({ state: 'refused', reason: failed.reason });
        else if (waiting === 0) finish({ state: 'sent' });
        else if (!connected()) finish({ state: 'offline', entryId });
      },
      error: (error: unknown) => {
        for (const stop of stops) stop();
        reject(error);
      },
    });
    stops.push(() => entry.unsubscribe());
    stops.push(
      status.subscribe(() => {
        if (!connected()) finish({ state: 'offline', entryId });
      }),
    );
  });
}

export function useProfileActions() {
  const engine = useSyncEngine();
  const profileChanged = useSession((s) => s.profileChanged);
  return useMemo(() => {
    /** A refused change that a form shows: it leaves the failed list, and the header goes back to the server's. */
    const takeBack = async (entryId: string, userId: string) => {
      await discardFailed(engine.db, entryId);
      await engine.refreshCounts();
      const row = await engine.db.profiles.get(userId);
      if (row) {
        const { username, display_name, bio, wallet_address, avatar_url } = row;
        profileChanged({ username, display_name, bio, wallet_address, avatar_url });
      }
    };
    return {
      /**
       * Shows the change at once and queues it, then answers how it ended. A refusal is the caller's to show
       * (a form holding the values the member can fix), so it leaves the failed list.
       */
      saveProfile: async (userId: string, changes: ProfileChanges): Promise<SaveOutcome> => {
        const entryId = await runWrite(engine, (ctx) => enqueueUpdateProfile(ctx, changes));
        profileChanged(changes);
        const outcome = await followEntry(engine, entryId);
        if (outcome.state === 'refused') await takeBack(entryId, userId);
        return outcome;
      },
    };
  }, [engine, profileChanged]);
}

/** Uploads a prepared avatar image; answers its public address. Needs the backend client, so it may suspend. */
export function useAvatarUpload() {
  const client = useBackend();
  return useMemo(
    () => (userId: string, file: { body: Blob; ext: string }) => uploadAvatar(client, userId, file),
    [client],
  );
}
