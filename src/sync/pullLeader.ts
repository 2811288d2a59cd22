// One sync worker per origin: the tab holding the leader Web Lock runs it, and the other tabs ask it to pull over a
// BroadcastChannel. They read the mirror through live queries, which Dexie wakes on the worker's writes in every
// tab. Every tab waits in line for the lock, so when the leader closes (its worker dies with it) the next one takes
// over, and the tabs send it the pulls the old leader left unanswered.
import type { BackendConfig } from '../backend/config.ts';
import type { Topic } from '../data/syncedTables.ts';
import type { RoundContext } from './pullRound.ts';
import { pullWorker, settlePull, type PullListener, type PullWorker } from './pullInWorker.ts';
import type { PullMessage, PullRequest } from './pullWorkerProtocol.ts';

export type PullRunner = (round: RoundContext, topics?: ReadonlySet<Topic>) => Promise<void>;

export const LEADER_LOCK = 'guap-sync-leader';
export const PULL_CHANNEL = 'guap-sync-pulls';

type Request = Omit<PullRequest, 'id'>;

/** What tabs say on the channel: a follower's pull, the leader's word about it, a new leader. */
export type ChannelMessage =
  | { type: 'pull'; tab: string; id: number; request: Request }
  | { type: 'reply'; tab: string; id: number; message: PullMessage }
  | { type: 'leader' };

export interface LeaderDeps {
  locks: Pick<LockManager, 'request'>;
  channel: Pick<BroadcastChannel, 'postMessage' | 'addEventListener'>;
  worker: () => PullWorker;
  tabId: string;
}

export function pullInLeader(backend: Pick<BackendConfig, 'url' | 'anonKey'>, deps: LeaderDeps): PullRunner {
  const { channel, tabId } = deps;
  let worker: PullWorker | undefined;
  let nextId = 0;
  /** This tab's pulls not yet answered: sent again to a new leader. */
  const mine = new Map<number, { request: Request; listen: PullListener }>();

  const send = (id: number) => {
    const pull = mine.get(id);
    if (!pull) return;
    if (worker) worker.run(pull.request, pull.listen);
    else channel.postMessage({ type: 'pull', tab: tabId, id, request: pull.request } satisfies ChannelMessage);
  };

  const lead = () => {
    worker = deps.worker();
    channel.postMessage({ type: 'leader' } satisfies ChannelMessage);
    for (const id of mine.keys()) send(id);
  };

  let decided: () => void = () => undefined;
  const roleKnown = new Promise<void>((resolve) => (decided = resolve));
  const holdForever = () => new Promise<never>(() => undefined);
  void deps.locks.request(LEADER_LOCK, { ifAvailable: true }, (lock) => {
    decided();
    if (lock) {
      lead();
      return holdForever();
    }
    return deps.locks.request(LEADER_LOCK, () => {
      lead();
      return holdForever();
    });
  });

  channel.addEventListener('message', ({ data }: MessageEvent<ChannelMessage>) => {
    if (data.type === 'pull' && worker) {
      const { tab, id } = data;
      worker.run(data.request, (message) =>
        channel.postMessage({ type: 'reply', tab, id, message } satisfies ChannelMessage),
      );
    } else if (data.type === 'reply' && data.tab === tabId) {
      mine.get(data.id)?.listen(data.message);
    } else if (data.type === 'leader' && !worker) {
      for (const id of mine.keys()) send(id);
    }
  });

  return async (round, topics) => {
    const request = await requestFor(backend, round, topics);
    await roleKnown;
    const id = (nextId += 1);
    await new Promise<void>((resolve, reject) => {
      mine.set(id, {
        request,
        listen: listenerFor(round, () => mine.delete(id), resolve, reject),
      });
      send(id);
    });
  };
}

async function requestFor(
  backend: Pick<BackendConfig, 'url' | 'anonKey'>,
  round: RoundContext,
  topics?: ReadonlySet<Topic>,
): Promise<Request> {
  // The page's client refreshes an expired token here; the worker only ever calls with the one it is given.
  const { data } = await round.client.auth.getSession();
  return {
    backend,
    accessToken: data.session?.access_token ?? null,
    userId: round.userId,
    options: round.options,
    now: round.now,
    topics: topics ? [...topics] : null,
  };
}

/** Hands a pull's progress to its round, and its end to the engine. */
function listenerFor(
  round: RoundContext,
  ended: () => void,
  resolve: () => void,
  reject: (error: Error) => void,
): PullListener {
  return (message) => {
    if (message.type === 'progress') round.onProgress(message.rows);
    else if (message.type === 'reached') round.reached();
    else {
      ended();
      settlePull(message, resolve, reject);
    }
  };
}

/** The browser's runner: one worker per origin where Web Locks and BroadcastChannel exist, else one for this tab. */
export function pullInBrowser(backend: Pick<BackendConfig, 'url' | 'anonKey'>): PullRunner {
  if (typeof navigator.locks !== 'undefined' && typeof BroadcastChannel !== 'undefined') {
    return pullInLeader(backend, {
      locks: navigator.locks,
      channel: new BroadcastChannel(PULL_CHANNEL),
      worker: pullWorker,
      tabId: crypto.randomUUID(),
    });
  }
  const worker = pullWorker();
  return async (round, topics) => {
    const request = await requestFor(backend, round, topics);
    await new Promise<void>((resolve, reject) => {
      worker.run(
        request,
        listenerFor(round, () => undefined, resolve, reject),
      );
    });
  };
}
