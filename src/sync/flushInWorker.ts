// The outbox flush as the sync worker runs it: the sends, their settling and the mirror writes happen here, off the
// page's thread; what the page shows (status, retry timer, error log, counts) goes back to it as news.
import type { ForumClient } from '../backend/client.ts';
import type { Mirror } from '../data/mirror.ts';
import { flushOutbox } from './flushOutbox.ts';
import { OUTBOX_LOCK, type Locks } from './locks.ts';
import type { FlushJob, FlushNews } from './pullWorkerProtocol.ts';

/**
 * Holds the outbox lock for the whole flush, in the worker itself: a worker that dies mid-send lets go of it with
 * its entry still waiting, and the next flush (another tab's, the service worker's) sends it again, which the
 * write kinds make safe (ids made on the device, inserts that land once).
 */
export function flushInWorker(
  deps: { db: Mirror; client: ForumClient; locks: Locks },
  job: FlushJob,
  tell: (news: FlushNews) => void,
): Promise<void> {
  return deps.locks.request(OUTBOX_LOCK, () =>
    flushOutbox({
      db: deps.db,
      client: deps.client,
      userId: job.userId,
      now: () => Date.now(),
      random: Math.random,
      backoff: job.backoff,
      status: { set: (patch) => tell({ type: 'status', patch }) },
      scheduleRetry: (ms) => tell({ type: 'retry', ms }),
      requestBackgroundSync: () => tell({ type: 'backgroundSync' }),
      logBug: (error, label) =>
        tell({
          type: 'bug',
          label,
          message: error instanceof Error ? error.message : String(error),
          ...(error instanceof Error && error.stack ? { stack: error.stack } : {}),
        }),
      refreshCounts: () => {
        tell({ type: 'counts' });
        return Promise.resolve();
      },
    }),
  );
}
