// A moderator's thread tools: the header changes at once, the outbox sends the change when online.
import { useMemo } from 'react';
import { enqueueUpdateThread, type ThreadToolChange } from '../../sync/kinds/updateThread.ts';
import { useSyncEngine } from '../sync/SyncContext.tsx';
import { runWrite } from './write.ts';

export function useThreadToolActions() {
  const engine = useSyncEngine();
  return useMemo(
    () => ({
      /** Queues the change; null when the thread already is so. */
      update: (threadId: string, changes: ThreadToolChange) =>
        runWrite(engine, (ctx) => enqueueUpdateThread(ctx, { threadId, changes })),
    }),
    [engine],
  );
}
