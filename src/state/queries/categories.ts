// Category reads for the screens: the active categories, the home page's cards, and a category page's chips.
import { allCategories, categoryTypeCards, subcategories } from '../../data/queries/categories.ts';
import { isCategoryType } from '../../data/categoryTypes.ts';
import { useMirrorQuery } from './useMirrorQuery.ts';

export function useCategories() {
  return useMirrorQuery((db) => allCategories(db), []);
}

export function useCategoryTypeCards() {
  return useMirrorQuery((db) => categoryTypeCards(db), []);
}

/** The active subcategories of a type; none for a type that does not exist. */
export function useSubcategories(type: string) {
  return useMirrorQuery((db) => (isCategoryType(type) ? subcategories(db, type) : []), [type]);
}
