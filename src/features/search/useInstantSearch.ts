// The header dropdown's results: the mirror searched a moment after typing stops, never the network.
import { useEffect, useState } from 'react';
import { useSyncEngine } from '../../app/sync/SyncContext.tsx';
import { searchMirror } from './searchMirror.ts';
import type { SearchResults } from './searchTypes.ts';

const DEBOUNCE_MS = 120;
export const INSTANT_LIMITS = { threads: 6, members: 4 };

export interface InstantSearch {
  /** The latest results found, possibly for an earlier query while the newest one is searched. */
  results: SearchResults | undefined;
  pending: boolean;
}

export function useInstantSearch(query: string): InstantSearch {
  const { db } = useSyncEngine();
  const [found, setFound] = useState<{ query: string; results: SearchResults }>();
  const wanted = query.trim();
  useEffect(() => {
    if (!wanted) return;
    let current = true;
    const timer = setTimeout(() => {
      searchMirror(db, wanted, INSTANT_LIMITS).then(
        (results) => current && setFound({ query: wanted, results }),
        (error: unknown) => console.error('Instant search failed', String(error)),
      );
    }, DEBOUNCE_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [db, wanted]);
  return { results: found?.results, pending: found?.query !== wanted };
}
