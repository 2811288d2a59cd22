// The review queue's calls (staff only, decided and audited by the database): the queue by score with each flag,
// a decision taken with the item's version (a stale one answers 409 with the state now) and, with agree, a timed
// penalty in the same transaction, and "delete spammer".
import { z } from 'zod';
import { jsonOrNull } from '../lib/jsonOrNull.ts';
import type { ForumClient } from './client.ts';
import { backendError, type FailureTexts } from './errors.ts';

const REVIEW_PAGE_SIZE = 30;

export type ReviewStatus = 'pending' | 'agreed' | 'disagreed' | 'ignored';
export type ReviewDecision = 'agree' | 'disagree' | 'ignore';
export type PenaltyKind = 'silence' | 'suspend';

export const REVIEW_FAILURES = {
  decide: { failed: 'Failed to decide the item', serverMessage: true },
  deleteSpammer: { failed: 'Failed to delete the spammer', serverMessage: true },
} satisfies Record<string, FailureTexts>;

/** One flag of a flagged post: who, why, and what it scored of the item's total. */
export interface ReviewFlag {
  reporterId: string | null;
  username: string | null;
  reason: string;
  details: string | null;
  trustLevel: number;
  accuracyBonus: number;
  score: number;
}

export interface ReviewItem {
  id: string;
  kind: string;
  status: string;
  score: number;
  version: number;
  reason: string | null;
  created_at: string;
  post_id: string | null;
  thread_id: string | null;
  thread_title: string | null;
  post_excerpt: string | null;
  /** The post's author, or the silenced member. */
  target_user_id: string | null;
  target_username: string | null;
  category: string | null;
  flags: ReviewFlag[];
}

const FLAGS = z.array(
  z.object({
    reporter_id: z.string().nullable(),
    username: z.string().nullable(),
    reason: z.string(),
    details: z.string().nullable(),
    trust_level: z.number().nullable(),
    accuracy_bonus: z.number().nullable(),
    score: z.number(),
  }),
);

/** review_queue's flags (jsonb), first flag first; an answer of another shape shows none. */
function flagsOf(raw: unknown): ReviewFlag[] {
  const parsed = FLAGS.safeParse(raw);
  if (!parsed.success) return [];
  return parsed.data.map((f) => ({
    reporterId: f.reporter_id,
    username: f.username,
    reason: f.reason,
    details: f.details,
    trustLevel: f.trust_level ?? 0,
    accuracyBonus: f.accuracy_bonus ?? 0,
    score: f.score,
  }));
}

/** The category of each thread, by id: review_queue names the thread but not its category. */
async function categoriesOf(client: ForumClient, threadIds: string[]): Promise<Map<string, string>> {
  if (threadIds.length === 0) return new Map();
  const { data, error, status } = await client.from('threads').select('id, categories(name)').in('id', threadIds);
  if (error) throw backendError('Failed to load the review queue', error, status);
  return new Map((data ?? []).flatMap((t) => (t.categories ? [[t.id, t.categories.name] as const] : [])));
}

/** What the database filters the queue by; each absent one lets everything through. */
export interface ReviewFilters {
  status: ReviewStatus;
  kind?: string | undefined;
  /** A flag reason. */
  reason?: string | undefined;
  /** A category's id. */
  category?: string | undefined;
  /** A username, any case. */
  author?: string | undefined;
  /** Queued at or after this instant (ISO). */
  from?: string | undefined;
  /** Queued before this instant (ISO). */
  before?: string | undefined;
}

/** One page of the queue with these filters, highest score first, after the last item shown. */
export async function fetchReviewQueue(
  client: ForumClient,
  filters: ReviewFilters,
  after: Pick<ReviewItem, 'score' | 'id'> | null,
  pageSize = REVIEW_PAGE_SIZE,
) {
  const {
    data,
    error,
    status: http,
  } = await client.rpc('review_queue', {
    with_status: filters.status,
    max_rows: pageSize,
    ...(after ? { after_score: after.score, after_id: after.id } : {}),
    ...(filters.kind ? { with_kind: filters.kind } : {}),
    ...(filters.reason ? { with_reason: filters.reason } : {}),
    ...(filters.category ? { in_category: filters.category } : {}),
    ...(filters.author ? { by_author: filters.author } : {}),
    ...(filters.from ? { queued_from: filters.from } : {}),
    ...(filters.before ? { queued_before: filters.before } : {}),
  });
  if (error) throw backendError('Failed to load the review queue', error, http);
  const rows = data ?? [];
  const categories = await categoriesOf(client, [...new Set(rows.flatMap((r) => (r.thread_id ? [r.thread_id] : [])))]);
  const items: ReviewItem[] = rows.map((row) => ({
    ...row,
    score: Number(row.score),
    category: row.thread_id ? (categories.get(row.thread_id) ?? null) : null,
    flags: flagsOf(row.flags),
  }));
  return { rows: items, more: rows.length === pageSize };
}

/** What a decision came to: taken, or refused as stale (409) with the item's status and version now. */
type DecideOutcome =
  { decided: true; status: string; version: number } | { decided: false; status: string; version: number };

const STALE_STATE = z.object({ status: z.string(), version: z.number() });

/** A silence or suspension of the item's member for 1, 3, 7 or 30 days, with a reason they read. */
export interface Penalty {
  kind: PenaltyKind;
  days: number;
  reason: string;
}

/** Decides an item; a penalty (with agree only) is given in the decision's transaction, so a refused one decides
 *  nothing. */
export async function decideReviewItem(
  client: ForumClient,
  item: Pick<ReviewItem, 'id' | 'version'>,
  decision: ReviewDecision,
  penalty: Penalty | null = null,
): Promise<DecideOutcome> {
  const { data, error, status } = await client.rpc('review_decide', {
    item: item.id,
    item_version: item.version,
    decision,
    ...(penalty ? { penalty: penalty.kind, penalty_days: penalty.days, penalty_reason: penalty.reason.trim() } : {}),
  });
  if (error && (status === 409 || error.code === 'PT409')) {
    const now = STALE_STATE.safeParse(jsonOrNull(error.details));
    if (now.success) return { decided: false, ...now.data };
  }
  if (error) throw backendError('Failed to decide the item', error, status);
  const row = data?.[0];
  if (!row) throw backendError('Failed to decide the item', { message: 'no item came back' }, status);
  return { decided: true, status: row.status, version: row.version };
}

/** Deletes a new member as a spammer (moderators and admins): banned with their posts deleted, their pending items
 *  agreed. Answers how many items that decided. */
export async function deleteSpammer(client: ForumClient, member: string, reason: string): Promise<number> {
  const { data, error, status } = await client.rpc('delete_spammer', { member, reason: reason.trim() });
  if (error) throw backendError('Failed to delete the spammer', error, status);
  return Number(data);
}

/** How many items wait in the queue, for the sidebar. */
export async function countPendingReview(client: ForumClient): Promise<number> {
  const { data, error, status } = await client.rpc('review_pending_count');
  if (error) throw backendError('Failed to count the review queue', error, status);
  return Number(data);
}
