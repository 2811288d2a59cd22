// How a post's or thread's author is named and drawn when the profile is known, partly known or missing.
import type { AuthorSummary } from '../../data/queries/people.ts';
import { DELETED_MEMBER } from '../../ui/AuthorLabel.tsx';

/** A null author id is a deleted account's: its threads and posts stay, by "Deleted member". */
export function authorName(authorId: string | null, author: AuthorSummary | null): string {
  if (authorId === null) return DELETED_MEMBER;
  return author?.display_name?.trim() || author?.username || 'Unknown member';
}
