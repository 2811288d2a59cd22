// What the review queue says, worked out from the items it reads: pure, so it is tested on its own.
import type { ReviewFlag, ReviewItem, ReviewStatus } from '../../backend/review.ts';
import { reasonName } from './moderationFacts.ts';
import { FLAG_REASON_VALUES, REVIEW_KIND_VALUES, REVIEW_STATUS_VALUES } from './reviewSearch.ts';

const STATUS_LABELS: Record<ReviewStatus, string> = {
  pending: 'Pending',
  agreed: 'Agreed',
  disagreed: 'Disagreed',
  ignored: 'Ignored',
};
export const REVIEW_STATUSES = REVIEW_STATUS_VALUES.map((value) => ({ value, label: STATUS_LABELS[value] }));

const KIND_LABELS: Record<(typeof REVIEW_KIND_VALUES)[number], string> = {
  flagged_post: 'Flagged post',
  held_post: 'Held post',
  silenced_member: 'Silenced member',
};
export const REVIEW_KINDS = REVIEW_KIND_VALUES.map((value) => ({ value, label: KIND_LABELS[value] }));

/** The flag reasons a moderator filters by. */
export const FLAG_REASONS = FLAG_REASON_VALUES.map((value) => ({ value, label: reasonName(value) }));

export const PENALTY_DAYS = [1, 3, 7, 30] as const;

/** The ban reason "Delete spammer" gives. */
export const SPAMMER_REASON = 'Spammer';

/** The change seen when a decision met a newer state (409). */
export const ITEM_CHANGED = 'This item changed while you were looking at it: the newer state is shown.';

export const kindName = (kind: string) => REVIEW_KINDS.find((k) => k.value === kind)?.label ?? kind;

export const statusName = (status: string) => REVIEW_STATUSES.find((s) => s.value === status)?.label ?? status;

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
