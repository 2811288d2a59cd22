// Loads what the home page shows: the categories and the latest threads.
import { useEffect, useState } from 'react';
import { useBackend } from '../../backend/BackendContext.tsx';
import { fetchAllCategories, fetchLatestThreads, type Category, type ThreadSummary } from '../../backend/forum.ts';

export type Loadable<T> = { state: 'loading' } | { state: 'ready'; data: T } | { state: 'failed'; message: string };

function useLoad<T>(load: () => Promise<T>): Loadable<T> {
  const [value, setValue] = useState<Loadable<T>>({ state: 'loading' });
  useEffect(() => {
    let live = true;
    load().then(
      (data) => live && setValue({ state: 'ready', data }),
      (e: unknown) => live && setValue({ state: 'failed', message: e instanceof Error ? e.message : String(e) }),
    );
    return () => {
      live = false;
    };
  }, [load]);
  return value;
}

export function useCategories(): Loadable<Category[]> {
  const client = useBackend();
  const [load] = useState(() => () => fetchAllCategories(client));
  return useLoad(load);
}

export function useLatestThreads(): Loadable<ThreadSummary[]> {
  const client = useBackend();
  const [load] = useState(() => () => fetchLatestThreads(client));
  return useLoad(load);
}
