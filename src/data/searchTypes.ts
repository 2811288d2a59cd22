// What a search finds: threads (by title, or by one of their posts) and members.
import type { Role } from './types.ts';

export interface ThreadHit {
  thread_id: string;
  slug: string;
  title: string;
  /** The matching post, when the match is in a post rather than the title. */
  post_id: string | null;
  /** Matched words marked with [[ and ]]; null for a title match. */
  snippet: string | null;
}

export interface MemberHit {
  id: string;
  username: string;
  display_name: string | null;
  avatar_url: string | null;
  role: Role;
}

export interface SearchResults {
  threads: ThreadHit[];
  members: MemberHit[];
}
