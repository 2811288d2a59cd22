// The latest threads, for the home page: on a first visit, the threads its HTML showed until the mirror answers.
import { latestThreads } from '../../data/queries/threads.ts';
import { useFirstAnswer } from './firstScreen.tsx';
import { useMirrorQuery } from './useMirrorQuery.ts';

export function useLatestThreads(count: number) {
  const first = useFirstAnswer('latestThreads');
  return useMirrorQuery(
    (db) => latestThreads(db, count),
    [count],
    first && { state: 'ready', data: first.data.slice(0, count) },
  );
}
