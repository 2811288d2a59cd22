// One sync worker per origin: the tab holding the leader Web Lock runs it, and the other tabs ask it to pull and to
// flush their outbox over a BroadcastChannel. They read the mirror through live queries, which Dexie wakes on the
// worker's writes in every tab. Every tab waits in line for the lock, so when the leader closes (its worker dies with
// it) the next one takes over, and the tabs send it the jobs the old leader left unanswered.
import type { BackendConfig } from '../backend/config.ts';
import type { Topic } from '../data/syncedTables.ts';
import type { RoundContext } from './pullRound.ts';
import { pullWorker, settlePull, type PullListener, type PullWorker } from './pullInWorker.ts';
import type { FlushJob, FlushNews, OpenJob, PullMessage, SyncJob } from './pullWorkerProtocol.ts';
import type { ForumClient } from '../backend/client.ts';
import { AppError } from '../backend/errors.ts';
import type { OpenThreadResult } from './engineTypes.ts';

export type PullRunner = (round: RoundContext, topics?: ReadonlySet<Topic>) => Promise<void>;
/** Flushes the outbox in the sync worker as the member of `job`; `hear` takes what the page must show or do. */
export type FlushRunner = (job: Omit<FlushJob, 'task' | 'backend'>, hear: (news: FlushNews) => void) => Promise<void>;

/** Brings a thread the mirror lacks onto the device in the sync worker, as `client`'s member. */
export type OpenRunner = (
  client: ForumClient,
  job: Pick<OpenJob, 'thread' | 'pageSize' | 'now'>,
) => Promise<OpenThreadResult>;

export interface SyncRunners {
  pull: PullRunner;
  flush: FlushRunner;
  open: OpenRunner;
}

export const LEADER_LOCK = 'guap-sync-leader';
export const PULL_CHANNEL = 'guap-sync-pulls';

type Backend = Pick<BackendConfig, 'url' | 'anonKey'>;

/** Hands a job to a worker; resolves at its end, and passes what came before it to `hear`. */
type Submit = (job: SyncJob, hear: (message: PullMessage) => void) => Promise<void>;

/** What tabs say on the channel: a follower's job, the leader's word about it, a new leader. */
export type ChannelMessage =
  | { type: 'pull'; tab: string; id: number; request: SyncJob }
  | { type: 'reply'; tab: string; id: number; message: PullMessage }
  | { type: 'leader' };

export interface LeaderDeps {
  locks: Pick<LockManager, 'request'>;
  channel: Pick<BroadcastChannel, 'postMessage' | 'addEventListener'>;
  worker: () => PullWorker;
  tabId: string;
}

/** A listener that settles its job at the end and hands everything before it on. */
function listenerFor(hear: (message: PullMessage) => void, resolve: () => void, reject: (error: Error) => void) {
  return (message: PullMessage) => {
    if (message.type === 'done' || message.type === 'failed') settlePull(message, resolve, reject);
    else hear(message);
  };
}

function submitInLeader(deps: LeaderDeps): Submit {
  const { channel, tabId } = deps;
  let worker: PullWorker | undefined;
  let nextId = 0;
  /** This tab's jobs not yet answered: sent again to a new leader. */
  const mine = new Map<number, { request: SyncJob; listen: PullListener }>();

  const send = (id: number) => {
    const job = mine.get(id);
    if (!job) return;
    if (worker) worker.run(job.request, job.listen);
    else channel.postMessage({ type: 'pull', tab: tabId, id, request: job.request } satisfies ChannelMessage);
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

  return async (request, hear) => {
    await roleKnown;
    const id = (nextId += 1);
    await new Promise<void>((resolve, reject) => {
      const done = () => {
        mine.delete(id);
        resolve();
      };
      const failed = (error: Error) => {
        mine.delete(id);
        reject(error);
      };
      mine.set(id, { request, listen: listenerFor(hear, done, failed) });
      send(id);
    });
  };
}

/** The page's client refreshes an expired token here; the worker only ever calls with the one it is given. */
async function accessTokenOf(client: ForumClient): Promise<string | null> {
  const { data } = await client.auth.getSession();
  return data.session?.access_token ?? null;
}

async function pullJob(backend: Backend, round: RoundContext, topics?: ReadonlySet<Topic>): Promise<SyncJob> {
  return {
    task: 'pull',
    backend,
    accessToken: await accessTokenOf(round.client),
    userId: round.userId,
    options: round.options,
    now: round.now,
    topics: topics ? [...topics] : null,
  };
}

function isFlushNews(message: PullMessage): message is FlushNews {
  return message.type !== 'progress' && message.type !== 'reached' && message.type !== 'opened';
}

function runners(backend: Backend, submit: Submit): SyncRunners {
  return {
    pull: async (round, topics) =>
      submit(await pullJob(backend, round, topics), (message) => {
        if (message.type === 'progress') round.onProgress(message.rows);
        else if (message.type === 'reached') round.reached();
      }),
    flush: (job, hear) =>
      submit({ task: 'flush', backend, ...job }, (message) => {
        if (isFlushNews(message)) hear(message);
      }),
    open: async (client, { thread, pageSize, now }) => {
      let result: OpenThreadResult | undefined;
      const job = { task: 'open', backend, accessToken: await accessTokenOf(client), thread, pageSize, now } as const;
      await submit(job, (message) => {
        if (message.type === 'opened') result = message.result;
      });
      if (!result) throw new AppError('bug', 'The sync worker opened the thread but said nothing of it');
      return result;
    },
  };
}

export function syncInLeader(backend: Backend, deps: LeaderDeps): SyncRunners {
  return runners(backend, submitInLeader(deps));
}

export function pullInLeader(backend: Backend, deps: LeaderDeps): PullRunner {
  return syncInLeader(backend, deps).pull;
}

/** The browser's runners: one worker per origin where Web Locks and BroadcastChannel exist, else one for this tab. */
export function syncInBrowser(backend: Backend): SyncRunners {
  if (typeof navigator.locks !== 'undefined' && typeof BroadcastChannel !== 'undefined') {
    return syncInLeader(backend, {
      locks: navigator.locks,
      channel: new BroadcastChannel(PULL_CHANNEL),
      worker: pullWorker,
      tabId: crypto.randomUUID(),
    });
  }
  const worker = pullWorker();
  return runners(
    backend,
    (job, hear) => new Promise<void>((resolve, reject) => worker.run(job, listenerFor(hear, resolve, reject))),
  );
}
