// What a page and its sync worker say to each other about a pull or an outbox flush (pullInWorker.ts,
// pullWorker.ts, flushInWorker.ts).
import type { BackendConfig } from '../backend/config.ts';
import type { ErrorKind } from '../backend/errors.ts';
import type { Topic } from '../data/syncedTables.ts';
import type { BackoffOptions } from './backoff.ts';
import type { EngineOptions } from './engineTypes.ts';
import type { SyncStatus } from './status.ts';

interface Caller {
  backend: Pick<BackendConfig, 'url' | 'anonKey'>;
  /** The signed-in member's current token, null for a visitor: the page owns the session and refreshes it. */
  accessToken: string | null;
}

export interface PullJob extends Caller {
  task: 'pull';
  userId: string | null;
  options: EngineOptions;
  now: number;
  /** The poked topics; null pulls every one. */
  topics: Topic[] | null;
}

/** Sends the member's waiting writes, under the outbox lock the tabs and the service worker share. */
export interface FlushJob extends Caller {
  task: 'flush';
  /** The member the page checked the token against: only their writes go out. */
  userId: string;
  backoff: BackoffOptions;
}

export type SyncJob = PullJob | FlushJob;

export type PullRequest = SyncJob & { id: number };

/** What a flush tells its page, which keeps the status, the retry timer and the error log. */
export type FlushNews =
  | { type: 'status'; patch: Partial<SyncStatus> }
  | { type: 'retry'; ms: number }
  | { type: 'backgroundSync' }
  | { type: 'bug'; label: string; message: string; stack?: string }
  | { type: 'counts' };

export type PullMessage =
  | { type: 'progress'; rows: number }
  | { type: 'reached' }
  | FlushNews
  | { type: 'done' }
  | { type: 'failed'; kind: ErrorKind; message: string };

/** A message about the job of request `id`. */
export interface PullReply {
  id: number;
  message: PullMessage;
}
