// The one contract of every mirror read hook: a live read that is loading, ready with its data, or failed, and
// that reports a failed read as a state instead of throwing during render.
import { useLiveQuery } from 'dexie-react-hooks';
import type { Mirror } from '../../data/mirror.ts';
import { logError } from '../errors/reportError.ts';
import { useSyncEngine } from '../sync/SyncContext.tsx';

export type MirrorResult<T> = { state: 'loading' } | { state: 'ready'; data: T } | { state: 'failed'; error: unknown };

const LOADING = { state: 'loading' } as const;

/** Re-reads whenever the rows it read change in IndexedDB, or one of `deps` (the read's inputs) changes. */
export function useMirrorQuery<T>(read: (db: Mirror) => Promise<T> | T, deps: unknown[]): MirrorResult<T> {
  const { db } = useSyncEngine();
  const result = useLiveQuery(async (): Promise<MirrorResult<T>> => {
    try {
      return { state: 'ready', data: await read(db) };
    } catch (error) {
      logError(error, 'Mirror read failed');
      return { state: 'failed', error };
    }
  }, [db, ...deps]);
  return result ?? LOADING;
}

/**
 * The data once read, undefined while loading. A failed read throws, for screens that leave it to the route's
 * error page.
 */
export function dataOrThrow<T>(result: MirrorResult<T>): T | undefined {
  if (result.state === 'failed') throw result.error;
  return result.state === 'ready' ? result.data : undefined;
}
