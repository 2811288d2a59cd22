// The name of an author whose account was deleted: their threads and posts stay, with author_id null.
export const DELETED_MEMBER = 'Deleted member';

/** What a thread list names its author by: the username, "Deleted member", or 'unknown' while not yet pulled. */
export function listAuthorName(authorId: string | null, author: { username: string } | null): string {
  if (authorId === null) return DELETED_MEMBER;
  return author?.username ?? 'unknown';
}
