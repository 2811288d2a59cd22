// The category page's sorts (SPEC §4 "Thread listing"): applied on the client, pinned threads first in every sort.
import type { ThreadRow } from './types.ts';
import { compareText } from '../lib/formatCount.ts';

export type ThreadSort = 'latest' | 'popular' | 'replies';

export const THREAD_SORTS: { value: ThreadSort; label: string }[] = [
  { value: 'latest', label: 'Latest' },
  { value: 'popular', label: 'Most Popular' },
  { value: 'replies', label: 'Most Replies' },
];

export function isThreadSort(value: unknown): value is ThreadSort {
  return THREAD_SORTS.some((s) => s.value === value);
}

type Sortable = Pick<ThreadRow, 'is_pinned' | 'view_count' | 'reply_count' | 'created_at' | 'id'>;

const byNewest = (a: Sortable, b: Sortable) => compareText(b.created_at, a.created_at) || compareText(b.id, a.id);

const KEYS: Record<ThreadSort, (a: Sortable, b: Sortable) => number> = {
  latest: () => 0,
  popular: (a, b) => b.view_count - a.view_count,
  replies: (a, b) => b.reply_count - a.reply_count,
};

/** A sorted copy: pinned first, then by the sort's key, ties newest first. */
export function sortThreads<T extends Sortable>(threads: readonly T[], sort: ThreadSort): T[] {
  const key = KEYS[sort];
  return [...threads].sort((a, b) => Number(b.is_pinned) - Number(a.is_pinned) || key(a, b) || byNewest(a, b));
}
