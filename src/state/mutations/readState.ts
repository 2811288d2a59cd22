// Marking posts seen and "Mark all read": the mirror moves at once, the outbox sends one write per thread.
import { useCallback } from 'react';
import { enqueueMarkAllRead } from '../../sync/kinds/markAllRead.ts';
import { enqueueReadPosition } from '../../sync/kinds/readPosition.ts';
import { useSyncEngine } from '../sync/SyncContext.tsx';
import { runWrite, runWriteIfSignedIn } from './write.ts';

/**
 * Raises the member's read position in a thread; the screen throttles the calls. Signed out, it does nothing. A post
 * seen before the engine has started waits for the stored session, as every write does.
 */
export function useMarkSeen(): (threadId: string, postNumber: number) => Promise<void> {
  const engine = useSyncEngine();
  return useCallback(
    async (threadId, postNumber) => {
      await runWriteIfSignedIn(engine, (ctx) => enqueueReadPosition(ctx, threadId, postNumber));
    },
    [engine],
  );
}

/** Marks every thread of a category (or of the forum, for null) read. */
export function useMarkAllRead(): (categoryId: string | null) => Promise<void> {
  const engine = useSyncEngine();
  return useCallback((categoryId) => runWrite(engine, (ctx) => enqueueMarkAllRead(ctx, categoryId)), [engine]);
}
