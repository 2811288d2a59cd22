// The letters on an avatar's disc (SPEC §9 "Avatar initials: at most 2 letters"), one rule for every screen: the
// header, posts, cards, lists, messages, the bell and the moderation table all draw a member the same way.

/** Who an avatar stands for: a member's names, as profile rows and author summaries carry them. */
export interface AvatarPerson {
  display_name?: string | null;
  username?: string | null;
}

/**
 * The first letter or digit of each of the first two words of the member's display name, else of their username,
 * else of `fallback` (the header's email before the at-sign); '?' when none has one. Words are split at spaces,
 * dots, dashes and underscores, so 'node_runner' is 'NR'.
 */
export function initials(person: AvatarPerson | null | undefined, fallback?: string | null): string {
  const name = person?.display_name?.trim() || person?.username?.trim() || fallback?.trim() || '';
  const words = name.split(/[\s_.-]+/u).filter((w) => /[\p{L}\p{N}]/u.test(w));
  const letters = words.slice(0, 2).map((w) => [...w.replace(/[^\p{L}\p{N}]/gu, '')][0] ?? '');
  return letters.join('').toLocaleUpperCase() || '?';
}
