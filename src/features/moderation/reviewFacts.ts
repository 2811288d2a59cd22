// What the review queue says, worked out from the items it reads: pure, so it is tested on its own.
import type { ReviewFlag, ReviewItem, ReviewStatus } from '../../backend/review.ts';
import { reasonName } from './moderationFacts.ts';

export const REVIEW_STATUSES: { value: ReviewStatus; label: string }[] = [
  { value: 'pending', label: 'Pending' },
  { value: 'agreed', label: 'Agreed' },
  { value: 'disagreed', label: 'Disagreed' },
  { value: 'ignored', label: 'Ignored' },
];

export const REVIEW_KINDS = [
  { value: 'flagged_post', label: 'Flagged post' },
  { value: 'held_post', label: 'Held post' },
  { value: 'silenced_member', label: 'Silenced member' },
];

/** The flag reasons a moderator filters by: the spec's four and the two weighted flags added. */
export const FLAG_REASONS = ['spam', 'abusive', 'off_topic', 'illegal', 'something_else', 'other'].map((value) => ({
  value,
  label: reasonName(value),
}));

export const PENALTY_DAYS = [1, 3, 7, 30] as const;

/** The ban reason "Delete spammer" gives. */
export const SPAMMER_REASON = 'Spammer';

/** The change seen when a decision met a newer state (409). */
export const ITEM_CHANGED = 'This item changed while you were looking at it: the newer state is shown.';

export const kindName = (kind: string) => REVIEW_KINDS.find((k) => k.value === kind)?.label ?? kind;

export const statusName = (status: string) => REVIEW_STATUSES.find((s) => s.value === status)?.label ?? status;

export interface ItemFilter {
  /** '' for every kind. */
  kind: string;
  /** A flag reason; '' for any. Items without flags (held posts, silenced members) match no reason. */
  reason: string;
}

export function matchesFilter(item: ReviewItem, filter: ItemFilter): boolean {
  if (filter.kind && item.kind !== filter.kind) return false;
  if (filter.reason && !item.flags.some((f) => f.reason === filter.reason)) return false;
  return true;
}

/** A score as the queue shows it: at most two decimals, none when whole ('9', '8.5'). */
export const scoreText = (score: number) => String(Math.round(score * 100) / 100);

/** Why one flag weighs what it does: 1 + the flagger's trust level (staff 5), and their accuracy bonus. */
export function flagWeight(flag: ReviewFlag): string {
  // Staff flag at trust_settings.staff_flag_score, whatever their level.
  const staff = Math.abs(flag.score - flag.accuracyBonus - (1 + flag.trustLevel)) > 0.001;
  const basis = staff ? 'staff' : `trust level ${flag.trustLevel}`;
  const bonus = flag.accuracyBonus > 0 ? ` + ${scoreText(flag.accuracyBonus)} for agreed flags` : '';
  return `${scoreText(flag.score)} (${basis}${bonus})`;
}

/** The sum the score is, flag by flag: '3 + 3 + 2.5 = 8.5'; one flag's alone: '3'. */
export function scoreSum(item: Pick<ReviewItem, 'score' | 'flags'>): string {
  if (item.flags.length < 2) return scoreText(item.score);
  return `${item.flags.map((f) => scoreText(f.score)).join(' + ')} = ${scoreText(item.score)}`;
}
