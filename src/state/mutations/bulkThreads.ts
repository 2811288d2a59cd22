// Bulk creation's writes (/admin/bulk-create): each thread goes through the outbox as any new thread does, and the
// caller learns how it settled: on the server, refused (with the failed list's reason), or still waiting to send.
import { liveQuery } from 'dexie';
import { useMemo } from 'react';
import type { Mirror } from '../../data/mirror.ts';
import { retryFailed } from '../../sync/failed.ts';
import type { NewThreadInput } from '../../sync/outbox.ts';
import { useSyncEngine } from '../sync/SyncContext.tsx';
import { useThreadActions } from './threads.ts';

type ThreadSettled =
  | { status: 'created'; threadId: string }
  | { status: 'failed'; threadId: string; reason: string; failedWriteId?: string }
  | { status: 'waiting'; threadId: string };

/** Said of a thread whose refused write is no longer in the failed list: the member discarded it. */
const DISCARDED = 'It was discarded from the failed list on this device.';

/** Where the new thread's write stands on this device; undefined while it waits to be sent. */
async function settledState(db: Mirror, threadId: string): Promise<ThreadSettled | undefined> {
  const row = await db.threads.get(threadId);
  if (row?._status === 'sending') return undefined;
  // The server's answer replaces the row this device made, without a local status.
  if (row && row._status === undefined) return { status: 'created', threadId };
  const failed = await db.failed.filter((f) => f.write.kind === 'thread' && f.write.thread.id === threadId).first();
  return failed
    ? { status: 'failed', threadId, reason: failed.reason, failedWriteId: failed.id }
    : { status: 'failed', threadId, reason: DISCARDED };
}

/**
 * Resolves once the thread's write is settled: sent or refused. Offline it keeps waiting, as the write does; an
 * abort stops the waiting (not the write) and answers 'waiting'.
 */
export function threadSettled(db: Mirror, threadId: string, signal: AbortSignal): Promise<ThreadSettled> {
  return new Promise((resolve, reject) => {
    let finished = false;
    const finish = (answer: () => void) => {
      if (finished) return;
      finished = true;
      subscription.unsubscribe();
      signal.removeEventListener('abort', onAbort);
      answer();
    };
    const onAbort = () => finish(() => resolve({ status: 'waiting', threadId }));
    // A live query answers in a later task, never during subscribe: `subscription` is set before `finish` runs.
    const subscription = liveQuery(() => settledState(db, threadId)).subscribe({
      next: (state) => state && finish(() => resolve(state)),
      error: (error: unknown) => finish(() => reject(error)),
    });
    if (signal.aborted) onAbort();
    else signal.addEventListener('abort', onAbort);
  });
}

export function useBulkThreadActions() {
  const engine = useSyncEngine();
  const { createThread } = useThreadActions();
  return useMemo(
    () => ({
      /** A new thread and its first post, enqueued as Create Thread does; answers once the write settled. */
      create: async (input: Omit<NewThreadInput, 'slug'>, signal: AbortSignal) => {
        const { threadId } = await createThread(input);
        return threadSettled(engine.db, threadId, signal);
      },
      /**
       * A refused thread sent again with its own ids, from the failed list; null when it is no longer there, and
       * the caller creates it anew.
       */
      resend: async (failedWriteId: string, threadId: string, signal: AbortSignal) => {
        if (!(await engine.db.failed.get(failedWriteId))) return null;
        await retryFailed(engine.db, failedWriteId, engine.now);
        engine.kick();
        return threadSettled(engine.db, threadId, signal);
      },
    }),
    [engine, createThread],
  );
}
