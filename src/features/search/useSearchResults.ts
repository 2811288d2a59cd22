// The /search page's results: the mirror's, live, merged with the server's when online.
import { useEffect, useState } from 'react';
import { useBackend } from '../../state/BackendContext.tsx';
import { useSearchMirror } from '../../state/queries/search.ts';
import { useSyncStatusOf } from '../../state/sync/SyncContext.tsx';
import { mergeResults } from './mergeResults.ts';
import { searchServer } from './searchServer.ts';
import type { SearchResults } from '../../data/searchTypes.ts';
import { logError } from '../../state/errors/reportError.ts';

const PAGE_LIMITS = { threads: 30, members: 12 };
const NOTHING: SearchResults = { threads: [], members: [] };

export type ServerState = 'offline' | 'loading' | 'ready' | 'failed';

interface SearchOutcome {
  results: SearchResults | undefined;
  server: ServerState;
}

export function useSearchResults(query: string): SearchOutcome {
  const client = useBackend();
  const online = useSyncStatusOf((s) => s.online);
  const mirror = useSearchMirror(query, PAGE_LIMITS);
  const [server, setServer] = useState<{ key: string; state: 'ready' | 'failed'; results?: SearchResults }>();
  useEffect(() => {
    if (!online || !query) return;
    let current = true;
    searchServer(client, query, PAGE_LIMITS).then(
      (results) => current && setServer({ key: query, state: 'ready', results }),
      (error: unknown) => {
        logError(error, 'Server search failed');
        if (current) setServer({ key: query, state: 'failed' });
      },
    );
    return () => {
      current = false;
    };
  }, [client, online, query]);

  const fromServer = server?.key === query ? server : undefined;
  const serverState: ServerState = !online ? 'offline' : (fromServer?.state ?? 'loading');
  // The mirror's hits show at once; the server's join them when they arrive, without duplicates.
  const local = mirror.state === 'ready' ? mirror.data.results : mirror.state === 'failed' ? NOTHING : undefined;
  const results = local && mergeResults(serverState === 'ready' ? (fromServer?.results ?? null) : null, local);
  return { results, server: serverState };
}
