// What a page and its sync worker say to each other about a pull (pullInWorker.ts, pullWorker.ts).
import type { BackendConfig } from '../backend/config.ts';
import type { ErrorKind } from '../backend/errors.ts';
import type { Topic } from '../data/syncedTables.ts';
import type { EngineOptions } from './engineTypes.ts';

export interface PullRequest {
  id: number;
  backend: Pick<BackendConfig, 'url' | 'anonKey'>;
  /** The signed-in member's current token, null for a visitor: the page owns the session and refreshes it. */
  accessToken: string | null;
  userId: string | null;
  options: EngineOptions;
  now: number;
  /** The poked topics; null pulls every one. */
  topics: Topic[] | null;
}

export type PullMessage =
  | { type: 'progress'; rows: number }
  | { type: 'reached' }
  | { type: 'done' }
  | { type: 'failed'; kind: ErrorKind; message: string };

/** A message about the pull of request `id`. */
export interface PullReply {
  id: number;
  message: PullMessage;
}
