// The failed list's choices: retry a refused write, edit its text and send it again, discard it, or settle an edit
// conflict. Each wakes the engine, which sends what is queued again.
import { useMemo } from 'react';
import { discardFailed, editFailed, resolveConflict, retryFailed } from '../../sync/failed.ts';
import { useSyncEngine } from '../sync/SyncContext.tsx';

export function useFailedWriteActions() {
  const engine = useSyncEngine();
  return useMemo(() => {
    const settle = async (fn: () => Promise<void>) => {
      await fn();
      engine.kick();
    };
    return {
      retryFailed: (id: string) => settle(() => retryFailed(engine.db, id, engine.now)),
      editFailed: (id: string, content: string) => settle(() => editFailed(engine.db, id, content, engine.now)),
      discardFailed: (id: string) => settle(() => discardFailed(engine.db, id)),
      resolveConflict: (id: string, choice: 'mine' | 'theirs') =>
        settle(() => resolveConflict(engine.db, id, choice, engine.now)),
    };
  }, [engine]);
}
