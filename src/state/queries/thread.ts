// The thread from the mirror, fetched by the engine when the mirror lacks it. It tells "still reading the mirror"
// (loading) from "not in the mirror" (ready with null), so a missing thread never flashes, and it fetches again on
// reconnect.
import { useEffect, useState } from 'react';
import { useSyncEngine, useSyncStatusOf } from '../sync/SyncContext.tsx';
import { openedThread } from '../../data/queries/threadAddress.ts';
import type { ThreadWithRefs } from '../../data/queries/threads.ts';
import type { OpenThreadResult } from '../../sync/engine.ts';
import { useMirrorQuery, type MirrorResult } from './useMirrorQuery.ts';
import { logError } from '../../state/errors/reportError.ts';

/** 'failed': the fetch failed for a reason other than the network; the screen shows Thread Not Found (SPEC §8). */
type OpenState = OpenThreadResult | 'failed' | 'loading';

export function useOpenThread(idOrSlug: string): {
  thread: MirrorResult<ThreadWithRefs | null>;
  fetchState: OpenState;
} {
  const engine = useSyncEngine();
  const online = useSyncStatusOf((s) => s.online);
  const [fetched, setFetched] = useState<{ key: string; result: OpenThreadResult | 'failed' }>();
  const key = `${idOrSlug}|${online}`;
  useEffect(() => {
    let current = true;
    // Asked again when the connection comes back, so a thread that was not on the device loads then.
    engine.openThread(idOrSlug).then(
      (result) => current && setFetched({ key, result }),
      (error: unknown) => {
        logError(error, 'Opening the thread failed');
        if (current) setFetched({ key, result: 'failed' });
      },
    );
    return () => {
      current = false;
    };
  }, [engine, idOrSlug, key]);
  const thread = useMirrorQuery(async (db) => (await openedThread(db, idOrSlug)) ?? null, [idOrSlug]);
  return { thread, fetchState: fetched?.key === key ? fetched.result : 'loading' };
}
