// Category reads for the screens: the active categories, the home page's cards, and a category page's chips.
import { allCategories, categoryTypeCards, subcategories } from '../../data/queries/categories.ts';
import { useMemo } from 'react';
import { isCategoryType } from '../../data/categoryTypes.ts';
import { useFirstAnswer, useFirstThreadCounts } from './firstScreen.tsx';
import { useMirrorQuery } from './useMirrorQuery.ts';

export function useCategories() {
  return useMirrorQuery((db) => allCategories(db), []);
}

/** The home page's cards; their counts never fall below what the page's HTML said while the first sync runs. */
export function useCategoryTypeCards() {
  const counts = useFirstThreadCounts();
  return useMirrorQuery(
    async (db) =>
      (await categoryTypeCards(db)).map((c) => ({ ...c, threadCount: Math.max(c.threadCount, counts[c.type] ?? 0) })),
    [counts],
    useFirstAnswer('cards'),
  );
}

/** The active subcategories of a type; none for a type that does not exist. On a first visit, the page's own. */
export function useSubcategories(type: string) {
  const first = useFirstAnswer('category')?.data;
  const initial = useMemo(
    () => (first?.type === type ? ({ state: 'ready', data: first.subcategories } as const) : undefined),
    [first, type],
  );
  return useMirrorQuery((db) => (isCategoryType(type) ? subcategories(db, type) : []), [type], initial);
}
