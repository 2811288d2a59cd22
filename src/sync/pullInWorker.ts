// The page's side of the sync worker (pullWorker.ts): the pulls and flushes this tab's worker runs, its own and, in
// the leader tab, the other tabs' (pullLeader.ts). The engine's pull lock still lets one tab pull at a time; the
// worker takes the outbox lock itself.
import { AppError } from '../backend/errors.ts';
import type { PullMessage, PullReply, PullRequest, SyncJob } from './pullWorkerProtocol.ts';

export type PullListener = (message: PullMessage) => void;

export interface PullWorker {
  /** Runs one job in the worker, started on the first; `listen` hears its progress and, last, its end. */
  run(request: SyncJob, listen: PullListener): void;
}

export function pullWorker(): PullWorker {
  let worker: Worker | undefined;
  let nextId = 0;
  const waiting = new Map<number, PullListener>();

  const answer = ({ data: { id, message } }: MessageEvent<PullReply>) => {
    const listen = waiting.get(id);
    if (!listen) return;
    if (message.type === 'done' || message.type === 'failed') waiting.delete(id);
    listen(message);
  };

  /** A worker that could not start or died fails its jobs; the next one starts a new worker. */
  const fail = (event: ErrorEvent) => {
    worker = undefined;
    const message = `The sync worker stopped: ${event.message || 'it could not start'}`;
    for (const listen of waiting.values()) listen({ type: 'failed', kind: 'bug', message });
    waiting.clear();
  };

  const start = () => {
    const started = new Worker(new URL('./pullWorker.ts', import.meta.url), { type: 'module', name: 'guap-sync' });
    started.addEventListener('message', answer);
    started.addEventListener('error', fail);
    return started;
  };

  return {
    run(request, listen) {
      const id = (nextId += 1);
      worker ??= start();
      waiting.set(id, listen);
      worker.postMessage({ ...request, id } satisfies PullRequest);
    },
  };
}

/** A job's end as the engine takes it: resolves when done, rejects with the worker's error. */
export function settlePull(message: PullMessage, resolve: () => void, reject: (error: Error) => void) {
  if (message.type === 'done') resolve();
  else if (message.type === 'failed') reject(new AppError(message.kind, message.message));
}
