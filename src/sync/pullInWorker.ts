// The page's side of the sync worker (pullWorker.ts): the engine's pulls go to one worker of this tab, started on the
// first pull. The engine's pull lock still lets one tab pull at a time.
import type { BackendConfig } from '../backend/config.ts';
import { AppError } from '../backend/errors.ts';
import type { Topic } from '../data/syncedTables.ts';
import type { RoundContext } from './pullRound.ts';
import type { PullReply, PullRequest } from './pullWorkerProtocol.ts';

export type PullRunner = (round: RoundContext, topics?: ReadonlySet<Topic>) => Promise<void>;

interface Waiting {
  round: RoundContext;
  resolve(): void;
  reject(error: Error): void;
}

export function pullInWorker(backend: Pick<BackendConfig, 'url' | 'anonKey'>): PullRunner {
  let worker: Worker | undefined;
  let nextId = 0;
  const waiting = new Map<number, Waiting>();

  const answer = ({ data: { id, message } }: MessageEvent<PullReply>) => {
    const pull = waiting.get(id);
    if (!pull) return;
    if (message.type === 'progress') pull.round.onProgress(message.rows);
    else if (message.type === 'reached') pull.round.reached();
    else {
      waiting.delete(id);
      if (message.type === 'done') pull.resolve();
      else pull.reject(new AppError(message.kind, message.message));
    }
  };

  /** A worker that could not start or died fails its pulls; the next pull starts a new one. */
  const fail = (event: ErrorEvent) => {
    worker = undefined;
    const error = new AppError('bug', `The sync worker stopped: ${event.message || 'it could not start'}`);
    for (const pull of waiting.values()) pull.reject(error);
    waiting.clear();
  };

  const start = () => {
    const started = new Worker(new URL('./pullWorker.ts', import.meta.url), { type: 'module', name: 'guap-sync' });
    started.addEventListener('message', answer);
    started.addEventListener('error', fail);
    return started;
  };

  return async (round, topics) => {
    // The page's client refreshes an expired token here; the worker only ever calls with the one it is given.
    const { data } = await round.client.auth.getSession();
    const request: PullRequest = {
      id: (nextId += 1),
      backend,
      accessToken: data.session?.access_token ?? null,
      userId: round.userId,
      options: round.options,
      now: round.now,
      topics: topics ? [...topics] : null,
    };
    worker ??= start();
    const running = worker;
    await new Promise<void>((resolve, reject) => {
      waiting.set(request.id, { round, resolve, reject });
      running.postMessage(request);
    });
  };
}
