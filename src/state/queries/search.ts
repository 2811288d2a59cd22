// Search of what this device holds, live, so matches appear as a first sync fills the mirror.
import { searchMirror, type SearchLimits } from '../../data/queries/search.ts';
import type { SearchResults } from '../../data/searchTypes.ts';
import { useSyncStatusOf } from '../sync/SyncContext.tsx';
import { useMirrorQuery } from './useMirrorQuery.ts';

interface MirrorSearch {
  /** The query these results answer: while a newer one is searched, the last results stay. */
  query: string;
  results: SearchResults;
}

/** `limits` is one of the read's inputs: pass a constant, or every render reads again. */
export function useSearchMirror(query: string, limits: SearchLimits) {
  // The live read does not see posts a pull writes through the word index (found in the browser, not yet explained),
  // so it is also read again when a pull ends: a dropdown opened during the first sync fills once the sync is done.
  const pulledAt = useSyncStatusOf((s) => s.lastSyncAt);
  return useMirrorQuery(
    async (db): Promise<MirrorSearch> => ({ query, results: await searchMirror(db, query, limits) }),
    [query, limits, pulledAt],
  );
}
