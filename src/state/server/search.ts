// The /search page's results: the mirror's, live, merged with the server's full-text search when it can be asked.
import { searchForum } from '../../backend/search.ts';
import type { ForumClient } from '../../backend/client.ts';
import type { SearchResults } from '../../data/searchTypes.ts';
import { useSearchMirror } from '../queries/search.ts';
import { useSyncStatusOf } from '../sync/SyncContext.tsx';
import { dedupeThreads, mergeResults } from './mergeSearchResults.ts';
import { useServerQuery } from './useServerQuery.ts';

const PAGE_LIMITS = { threads: 30, members: 12 };
/** The most matches search_forum answers; they are asked for all, as several may be posts of one thread. */
const MAX_MATCHES = 50;
const NOTHING: SearchResults = { threads: [], members: [] };

export type ServerState = 'offline' | 'loading' | 'ready' | 'failed';

interface SearchOutcome {
  results: SearchResults | undefined;
  server: ServerState;
}

/** Search on the server, as the search page shows it: one hit per thread, within the page's limits. */
async function searchServer(client: ForumClient, query: string): Promise<SearchResults> {
  const { matches, members } = await searchForum(client, query, {
    matches: MAX_MATCHES,
    members: PAGE_LIMITS.members,
  });
  return { threads: dedupeThreads(matches).slice(0, PAGE_LIMITS.threads), members };
}

export function useSearchResults(query: string): SearchOutcome {
  const reachable = useSyncStatusOf((s) => s.online && !s.unreachable);
  const mirror = useSearchMirror(query, PAGE_LIMITS);
  const server = useServerQuery(['search', query], (client) => searchServer(client, query), {
    label: 'Server search failed',
    enabled: query !== '',
  });
  // Offline the page says its results are the device's own, so the server's, even kept from before, stay out.
  const serverState: ServerState = !reachable ? 'offline' : server.state === 'idle' ? 'loading' : server.state;
  // The mirror's hits show at once; the server's join them when they arrive, without duplicates.
  const local = mirror.state === 'ready' ? mirror.data.results : mirror.state === 'failed' ? NOTHING : undefined;
  const results = local && mergeResults(serverState === 'ready' ? (server.data ?? null) : null, local);
  return { results, server: serverState };
}
