// Search on the server, as the search page shows it: one hit per thread, within the page's limits.
import type { ForumClient } from '../../backend/client.ts';
import { searchForum } from '../../backend/search.ts';
import type { SearchResults } from '../../data/searchTypes.ts';
import { dedupeThreads } from './mergeResults.ts';

/** The most matches search_forum answers; they are asked for all, as several may be posts of one thread. */
const MAX_MATCHES = 50;

export async function searchServer(
  client: ForumClient,
  query: string,
  limits: { threads: number; members: number },
): Promise<SearchResults> {
  const { matches, members } = await searchForum(client, query, { matches: MAX_MATCHES, members: limits.members });
  return { threads: dedupeThreads(matches).slice(0, limits.threads), members };
}
