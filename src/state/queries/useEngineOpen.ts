// What the sync engine answered when asked to bring a thread or a profile the mirror lacks onto the device. It is
// asked again when the connection comes back, so one that was not on the device loads then.
import { useEffect, useState } from 'react';
import type { OpenThreadResult } from '../../sync/engine.ts';
import { logError } from '../errors/reportError.ts';
import { useSyncEngine, useSyncStatusOf } from '../sync/SyncContext.tsx';

/** 'failed': the fetch failed for a reason other than the network; the screen says it could not load. */
export type OpenState = OpenThreadResult | 'failed' | 'loading';

const LABELS = { openThread: 'Opening the thread failed', openProfile: 'Opening the profile failed' };

/** `id` null: nothing to ask (an address that cannot name one), and the answer stays 'loading'. */
export function useEngineOpen(what: keyof typeof LABELS, id: string | null): OpenState {
  const engine = useSyncEngine();
  const online = useSyncStatusOf((s) => s.online);
  const [fetched, setFetched] = useState<{ key: string; result: OpenThreadResult | 'failed' }>();
  const key = `${what}|${id}|${online}`;
  useEffect(() => {
    if (id === null) return;
    let current = true;
    engine[what](id).then(
      (result) => current && setFetched({ key, result }),
      (error: unknown) => {
        logError(error, LABELS[what]);
        if (current) setFetched({ key, result: 'failed' });
      },
    );
    return () => {
      current = false;
    };
  }, [engine, what, id, key]);
  return fetched?.key === key ? fetched.result : 'loading';
}
