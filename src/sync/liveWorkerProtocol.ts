// What a page and its live updates worker say to each other (liveInWorker.ts, liveWorker.ts).
import type { BackendConfig } from '../backend/config.ts';
import type { Topic } from '../data/syncedTables.ts';

/** The page's word: open the socket, then join the topics of each member it names (none for a visitor). */
export type LiveCommand =
  | { type: 'start'; backend: Pick<BackendConfig, 'url' | 'anonKey'> }
  | { type: 'member'; userId: string | null; accessToken: string | null };

/** The worker's: the socket's code ran, a topic was poked, the forum topic is joined or not, or it could not start. */
export type LiveNews =
  | { type: 'ready' }
  | { type: 'poke'; topic: Topic }
  | { type: 'up'; isUp: boolean }
  | { type: 'failed'; message: string };
