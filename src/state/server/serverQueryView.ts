// What a server read shows, worked out from its last answer and what is being asked now: plain, so it is tested
// without React (useServerQuery holds the state).
import type { AppError } from '../../backend/errors.ts';

/**
 * - idle: nothing asked (the read is switched off, e.g. for a member it does not concern);
 * - offline: no connection and nothing to show;
 * - loading: asked, no answer yet, nothing to show;
 * - ready: data to show (`stale` says whether it answers the latest ask);
 * - failed: the server did not answer with data, and there is none to show.
 */
type ServerState = 'idle' | 'offline' | 'loading' | 'ready' | 'failed';

/** The last answer for a key, and which ask it answered. */
export interface Answer<T> {
  key: string;
  /** Which ask of the key: the retries and the refresh value. */
  ask: string;
  /** Set once some ask for this key answered with data; a failed refresh keeps it. */
  data?: { value: T; at: number };
  /** The latest ask's failure, if it failed. */
  error?: AppError;
}

export interface ServerView<T> {
  state: ServerState;
  /** The latest data for this key, kept while offline, while asking again and after a failed refresh. */
  data: T | undefined;
  /** When `data` was read (ms since epoch). */
  updatedAt: number | undefined;
  /** Data is shown that is not the answer to the latest ask: offline, asking again, or the refresh failed. */
  stale: boolean;
  error: AppError | undefined;
}

interface Asking {
  /** null: the read is switched off. */
  key: string | null;
  ask: string;
  reachable: boolean;
}

export function serverView<T>(answer: Answer<T> | undefined, { key, ask, reachable }: Asking): ServerView<T> {
  const mine = key !== null && answer?.key === key ? answer : undefined;
  const data = mine?.data;
  const shown = { data: data?.value, updatedAt: data?.at };
  if (key === null) return { state: 'idle', data: undefined, updatedAt: undefined, stale: false, error: undefined };
  const answered = mine !== undefined && mine.ask === ask;
  // A failure of the connection reads as being offline: the member's situation, not the server's refusal.
  const lostConnection = answered && mine.error?.kind === 'network';
  const error = answered && !lostConnection ? mine.error : undefined;
  if (data) {
    return { state: 'ready', ...shown, stale: !reachable || !answered || mine.error !== undefined, error };
  }
  if (!reachable || lostConnection) return { state: 'offline', ...shown, stale: false, error: undefined };
  if (!answered) return { state: 'loading', ...shown, stale: false, error: undefined };
  return { state: error ? 'failed' : 'ready', ...shown, stale: false, error };
}
