// The members directory on the server: public profiles by reputation, highest first, 50 to a page, optionally
// searched by username or display name (SPEC §7 "GET profiles", §9 "Members page size").
import type { ForumClient } from './client.ts';
import { backendError } from './errors.ts';
import { PUBLIC_PROFILE_COLUMNS } from './profileColumns.ts';

const MEMBERS_PAGE_SIZE = 50;

/** A member as the mirror stores it: the public columns and the sync stamp, so a page can join the mirror. */
const MEMBER_COLUMNS = `${PUBLIC_PROFILE_COLUMNS},sync_txid` as const;

/**
 * A search word as an ilike pattern. Only letters and digits are kept: PostgREST's `or` filter reads `,` `(` `)`
 * and `.` as syntax, and ilike reads `*` `%` `_` as wildcards.
 */
function wordPattern(word: string): string | null {
  const kept = word.replace(/[^\p{L}\p{N}]+/gu, '');
  return kept ? `*${kept}*` : null;
}

/**
 * One page of members, reputation first and id as the tie-break, so pages never overlap or skip a member; with a
 * word, only those whose username or display name holds it.
 */
export async function fetchMembers(client: ForumClient, { word, page }: { word: string; page: number }) {
  const from = page * MEMBERS_PAGE_SIZE;
  let request = client.from('profiles').select(MEMBER_COLUMNS);
  const pattern = wordPattern(word);
  if (pattern) request = request.or(`username.ilike.${pattern},display_name.ilike.${pattern}`);
  const { data, error, status } = await request
    .order('reputation', { ascending: false })
    .order('id')
    .range(from, from + MEMBERS_PAGE_SIZE - 1);
  if (error) throw backendError('Failed to fetch members', error, status);
  const members = data ?? [];
  return { members, more: members.length === MEMBERS_PAGE_SIZE };
}
