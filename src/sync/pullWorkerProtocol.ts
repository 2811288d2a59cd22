// What a page and its sync worker say to each other about a pull, an outbox flush or a thread a screen opens
// (pullInWorker.ts, pullWorker.ts, flushInWorker.ts).
import type { BackendConfig } from '../backend/config.ts';
import type { ErrorKind } from '../backend/errors.ts';
import type { Topic } from '../data/syncedTables.ts';
import type { BackoffOptions } from './backoff.ts';
import type { EngineOptions, OpenThreadResult } from './engineTypes.ts';
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

/** Brings a thread the mirror lacks onto the device: the thread, every post with its words, their authors. */
export interface OpenJob extends Caller {
  task: 'open';
  /** The thread's id, or its slug when the device has no row for it. */
  thread: string;
  pageSize: number;
  now: number;
}

export type SyncJob = PullJob | FlushJob | OpenJob;

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
  | { type: 'opened'; result: OpenThreadResult }
  | { type: 'done' }
  | { type: 'failed'; kind: ErrorKind; message: string };

/** A message about the job of request `id`. */
export interface PullReply {
  id: number;
  message: PullMessage;
}
