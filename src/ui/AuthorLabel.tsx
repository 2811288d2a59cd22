// How an author is labelled next to their threads and posts: the name a list shows ("Deleted member" once the
// account is gone) and the gold Admin and blue Mod badges (SPEC §6).

/** A deleted account's threads and posts stay, with author_id null: they are by this name. */
export const DELETED_MEMBER = 'Deleted member';

/** What a thread list names its author by: the username, "Deleted member", or 'unknown' while not yet pulled. */
export function listAuthorName(authorId: string | null, author: { username: string } | null): string {
  if (authorId === null) return DELETED_MEMBER;
  return author?.username ?? 'unknown';
}

export function RoleBadge({ role }: { role?: string | null }) {
  if (role === 'admin') return <span className="badge badge-admin">Admin</span>;
  if (role === 'moderator') return <span className="badge badge-mod">Mod</span>;
  return null;
}
