// The header dropdown's results: the mirror searched a moment after typing stops, never the network. The read is
// live, so matches appear as a first sync fills the mirror.
import { useEffect, useState } from 'react';
import { useSyncEngine } from '../../state/sync/SyncContext.tsx';
import { useMirrorQuery } from '../../state/queries/useMirrorQuery.ts';
import { searchMirror } from '../../data/queries/search.ts';
import type { SearchResults } from '../../data/searchTypes.ts';

const DEBOUNCE_MS = 120;
export const INSTANT_LIMITS = { threads: 6, members: 4, snippetWidth: 70 };

export interface InstantSearch {
  /** The latest results found, possibly for an earlier query while the newest one is searched. */
  results: SearchResults | undefined;
  pending: boolean;
}

export function useInstantSearch(query: string): InstantSearch {
  const { db } = useSyncEngine();
  const [settled, setSettled] = useState(query);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(query), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [query]);
  const found = useMirrorQuery(
    async () => ({ query: settled, results: settled ? await searchMirror(db, settled, INSTANT_LIMITS) : undefined }),
    [db, settled],
  );
  const data = found.state === 'ready' ? found.data : undefined;
  return { results: data?.results, pending: settled !== query || data?.query !== query };
}
