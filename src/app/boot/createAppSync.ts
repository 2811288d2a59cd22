// Builds the app's one sync engine over the browser: its IndexedDB, Web Locks shared by tabs, and real timers.
import type { ForumClient } from '../../backend/client.ts';
import type { BackendConfig } from '../../backend/config.ts';
import { openMirror } from '../../data/mirror.ts';
import { logErrorLater } from '../../state/errors/logErrorLater.ts';
import { browserEnvironment } from '../../sync/browserEnvironment.ts';
import { SyncEngine } from '../../sync/engine.ts';
import { memoryLocks, webLocks } from '../../sync/locks.ts';
import { importOnce } from '../../lib/importOnce.ts';
import { loadAgainWhenOnline } from '../../lib/loadAgainWhenOnline.ts';
import { liveInWorker } from '../../sync/liveInWorker.ts';

/** `installedMirror`: the mirror's version in this browser (installedMirrorVersion), so a current one opens faster. */
export function createAppSync(
  client: Promise<ForumClient>,
  backend: BackendConfig,
  installedMirror?: number | null,
): SyncEngine {
  // Loaded at the first pull, like the engine's network code: the first screen does not need it.
  const inWorker = importOnce(async () => (await import('../../sync/pullLeader.ts')).syncInBrowser(backend));
  const hasWorker = typeof Worker !== 'undefined';
  return new SyncEngine({
    db: openMirror({ installed: installedMirror }),
    client,
    clock: Date,
    timers: {
      setTimeout: (fn, ms) => window.setTimeout(fn, ms),
      clearTimeout: (h) => window.clearTimeout(h as number),
    },
    random: Math.random,
    // Browsers without Web Locks are single-tab in practice (old Safari): an in-page queue is enough there.
    locks: navigator.locks ? webLocks(navigator.locks) : memoryLocks(),
    env: { ...browserEnvironment(window), logBug: logErrorLater },
    backend,
    // The socket runs in a worker, started once the first sync has begun; a worker whose code could not arrive (the
    // connection dropped) is started again once the browser is back online, so the socket still opens.
    live: (handlers) => loadAgainWhenOnline(() => liveInWorker(backend)(handlers))(),
    // Pulls, with their merges and word index, the outbox's sends and the threads screens open run in one worker per
    // origin, in the leader tab: the pages' threads stay free for taps and frames.
    pullRound: hasWorker ? async (round, topics) => (await inWorker()).pull(round, topics) : undefined,
    flushOutbox: hasWorker ? async (job, hear) => (await inWorker()).flush(job, hear) : undefined,
    openThread: hasWorker ? async (client, job) => (await inWorker()).open(client, job) : undefined,
  });
}
