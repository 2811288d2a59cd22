// Search on the server: full-text over every thread and post (rpc search_forum), and members by username.
import type { SupabaseClient } from '@supabase/supabase-js';
import { backendError } from '../../backend/errors.ts';
import type { MemberHit, SearchResults, ThreadHit } from '../../data/searchTypes.ts';
import { dedupeThreads } from './mergeResults.ts';

/** `%` and `_` typed in a search are literal text, not wildcards. */
function likePattern(query: string): string {
  return `%${query.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export async function searchServer(
  client: SupabaseClient,
  query: string,
  limits: { threads: number; members: number },
): Promise<SearchResults> {
  const [found, people] = await Promise.all([
    client.rpc('search_forum', { query, max_results: 50 }),
    client
      .from('profiles')
      .select('id,username,display_name,avatar_url,role')
      .ilike('username', likePattern(query.trim()))
      .order('username')
      .limit(limits.members),
  ]);
  if (found.error) throw backendError('Search failed', found.error, found.status);
  if (people.error) throw backendError('Failed to fetch members', people.error, people.status);
  return {
    threads: dedupeThreads((found.data ?? []) as ThreadHit[]).slice(0, limits.threads),
    members: (people.data ?? []) as MemberHit[],
  };
}
