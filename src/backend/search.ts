// Search on the server: full-text over every thread and post (rpc search_forum), and members by username.
import type { ForumClient } from './client.ts';
import type { Database } from './database.ts';
import { backendError } from './errors.ts';
import type { PublicProfile } from './profiles.ts';

/** One match of search_forum: a thread by its title (no post), or one of its posts with a snippet. */
type ForumMatch = Database['public']['Functions']['search_forum']['Returns'][number];

type MemberMatch = Pick<PublicProfile, 'id' | 'username' | 'display_name' | 'avatar_url' | 'role'>;

/** `%` and `_` typed in a search are literal text, not wildcards. */
function likePattern(query: string): string {
  return `%${query.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Both searches at once; either failing fails the search, the full-text one's error first. */
export async function searchForum(
  client: ForumClient,
  query: string,
  limits: { matches: number; members: number },
): Promise<{ matches: ForumMatch[]; members: MemberMatch[] }> {
  const [found, people] = await Promise.all([
    client.rpc('search_forum', { query, max_results: limits.matches }),
    client
      .from('profiles')
      .select('id,username,display_name,avatar_url,role')
      .ilike('username', likePattern(query.trim()))
      .order('username')
      .limit(limits.members),
  ]);
  if (found.error) throw backendError('Search failed', found.error, found.status);
  if (people.error) throw backendError('Failed to fetch members', people.error, people.status);
  return { matches: found.data ?? [], members: people.data ?? [] };
}
