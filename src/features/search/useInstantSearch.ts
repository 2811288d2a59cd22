// The header dropdown's results: the mirror searched a moment after typing stops, never the network. The read is
// live, so matches appear as a first sync fills the mirror.
import { useEffect, useState } from 'react';
import type { SearchResults } from '../../data/searchTypes.ts';
import { useSearchMirror } from '../../state/queries/search.ts';
import { INSTANT_LIMITS } from './searchOptions.ts';

const DEBOUNCE_MS = 120;

interface InstantSearch {
  /** The latest results found, possibly for an earlier query while the newest one is searched. */
  results: SearchResults | undefined;
  pending: boolean;
}

export function useInstantSearch(query: string): InstantSearch {
  const [settled, setSettled] = useState(query);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(query), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [query]);
  const found = useSearchMirror(settled, INSTANT_LIMITS);
  const data = found.state === 'ready' ? found.data : undefined;
  return { results: data?.results, pending: settled !== query || data?.query !== query };
}
