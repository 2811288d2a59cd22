// /review's filters as the URL holds them (?status=&kind=&reason=&category=&author=&from=&to=), checked so a
// hand-typed URL cannot break the screen, and turned into the queue's filters the database applies. Dates are days
// in the moderator's time zone; "to" takes in its whole day.
import type { ReviewFilters, ReviewStatus } from '../../backend/review.ts';

// The values alone, kept apart from their labels (reviewFacts.ts) so the router's check loads nothing else.
export const REVIEW_STATUS_VALUES = ['pending', 'agreed', 'disagreed', 'ignored'] as const;
export const REVIEW_KIND_VALUES = ['flagged_post', 'held_post', 'silenced_member'] as const;
/** The spec's four flag reasons and the two the weighted flags added. */
export const FLAG_REASON_VALUES = ['spam', 'abusive', 'off_topic', 'illegal', 'something_else', 'other'] as const;

export type ReviewSearch = {
  /** Absent for pending. */
  status?: ReviewStatus;
  kind?: string;
  reason?: string;
  /** A category's id. */
  category?: string;
  /** A username, without its @. */
  author?: string;
  /** YYYY-MM-DD */
  from?: string;
  /** YYYY-MM-DD, inclusive. */
  to?: string;
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

const oneOf = <T extends string>(value: unknown, allowed: readonly T[]): T | undefined =>
  allowed.find((a) => a === value);

const dayOf = (value: unknown) =>
  typeof value === 'string' && DAY.test(value) && !Number.isNaN(new Date(`${value}T00:00:00`).getTime())
    ? value
    : undefined;

function authorOf(value: unknown): string | undefined {
  if (typeof value !== 'string' && typeof value !== 'number') return undefined;
  const name = String(value).trim().replace(/^@/, '');
  return name ? name.slice(0, 50) : undefined;
}

export function parseReviewSearch(search: Record<string, unknown>): ReviewSearch {
  const status = oneOf<ReviewStatus>(search.status, REVIEW_STATUS_VALUES);
  return {
    status: status === 'pending' ? undefined : status,
    kind: oneOf(search.kind, REVIEW_KIND_VALUES),
    reason: oneOf(search.reason, FLAG_REASON_VALUES),
    category: typeof search.category === 'string' && UUID.test(search.category) ? search.category : undefined,
    author: authorOf(search.author),
    from: dayOf(search.from),
    to: dayOf(search.to),
  };
}

/** Whether any filter but the status is set, for the Clear button and the empty text. */
export const isFiltered = (search: ReviewSearch) =>
  Boolean(search.kind || search.reason || search.category || search.author || search.from || search.to);

/** The start of a local day, as an instant. */
const startOf = (day: string) => new Date(`${day}T00:00:00`);

export function queueFilters(search: ReviewSearch): ReviewFilters {
  const before = search.to ? startOf(search.to) : undefined;
  before?.setDate(before.getDate() + 1);
  return {
    status: search.status ?? 'pending',
    kind: search.kind,
    reason: search.reason,
    category: search.category,
    author: search.author,
    from: search.from ? startOf(search.from).toISOString() : undefined,
    before: before?.toISOString(),
  };
}

/** A range that ends before it starts reads nothing: the screen says so instead of asking. */
export const rangeProblem = (search: ReviewSearch) =>
  search.from && search.to && search.from > search.to ? 'The "From" day must not be after the "To" day.' : undefined;
