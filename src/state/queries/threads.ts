// The latest threads, for the home page.
import { latestThreads } from '../../data/queries/threads.ts';
import { useMirrorQuery } from './useMirrorQuery.ts';

export function useLatestThreads(count: number) {
  return useMirrorQuery((db) => latestThreads(db, count), [count]);
}
