// The review queue's reads and actions, online only: the queue page by page, a decision with the item's version,
// "delete spammer", and the pending count the sidebar shows staff, asked again after every pull.
import {
  countPendingReview,
  decideReviewItem,
  deleteSpammer,
  fetchReviewQueue,
  REVIEW_FAILURES,
  type ReviewFilters,
  type ReviewItem,
} from '../../backend/review.ts';
import { useSyncStatusOf } from '../sync/SyncContext.tsx';
import { usePagedQuery, type PagedQuery } from './usePagedQuery.ts';
import { useServerAction } from './useServerAction.ts';
import { useServerCalls } from './useServerCalls.ts';
import { useServerQuery } from './useServerQuery.ts';

export const useReviewQueue = (filters: ReviewFilters): PagedQuery<ReviewItem> =>
  usePagedQuery(
    ['reviewQueue', filters],
    (client, shown: ReviewItem[]) => fetchReviewQueue(client, filters, shown.at(-1) ?? null),
    'Failed to load the review queue',
  );

/** A decision's outcome, a 409 included, is the screen's to show; only other failures are toasts. */
export const useDecideReview = () => useServerAction(decideReviewItem, { failure: REVIEW_FAILURES.decide });

export const useDeleteSpammer = () => useServerAction(deleteSpammer, { failure: REVIEW_FAILURES.deleteSpammer });

const READS = { fetchReviewQueue };

/** The queue read again outside the paged list, to show one item's newer state after a 409. */
export const useReviewReads = () => useServerCalls(READS);

/** Items waiting, for staff (nothing asked otherwise); undefined while unknown. */
export function usePendingReviewCount(staff: boolean): number | undefined {
  const pulledAt = useSyncStatusOf((s) => s.lastSyncAt);
  return useServerQuery(['reviewPendingCount'], countPendingReview, {
    label: 'Failed to count the review queue',
    enabled: staff,
    refreshOn: pulledAt,
  }).data;
}
