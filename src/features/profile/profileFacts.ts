// What the profile card derives from a profile row: the join month, the role line, the reputation bar, online.

/** SPEC §9: "Profile join date: month and year". */
export function joinedLabel(createdAt: string): string {
  const date = new Date(createdAt);
  return `Joined ${date.toLocaleDateString('en-US', { month: 'long', year: 'numeric' })}`;
}

/** SPEC §2: a role line only when the role is not user. */
export function roleLabel(role: string): string | null {
  if (role === 'admin') return 'Administrator';
  if (role === 'moderator') return 'Moderator';
  return null;
}

/** SPEC §9: "reputation/10 percent, capped at 100". */
export function reputationPercent(reputation: number): number {
  return Math.max(0, Math.min(100, reputation / 10));
}

/** Active in the last 5 minutes; last_seen_at is null while the member hides it (showOnline off). */
export function isOnline(lastSeenAt: string | null, now: number): boolean {
  return lastSeenAt !== null && now - new Date(lastSeenAt).getTime() <= 5 * 60_000;
}
