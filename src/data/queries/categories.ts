// Categories from the mirror: every active one, a type's subcategories, and one card per type for the home page.
import { Dexie } from 'dexie';
import type { Mirror } from '../mirror.ts';
import type { CategoryRow, CategoryType } from '../types.ts';
import { CATEGORY_TYPES } from '../categoryTypes.ts';

/** Active categories by type then order_index. */
export async function allCategories(db: Mirror): Promise<CategoryRow[]> {
  const rows = await db.categories.orderBy('[type+order_index]').toArray();
  return rows.filter((c) => c.is_active);
}

/** The active subcategories of a type, in their order: a category page's chips. */
export async function subcategories(db: Mirror, type: CategoryType): Promise<CategoryRow[]> {
  const rows = await db.categories
    .where('[type+order_index]')
    .between([type, Dexie.minKey], [type, Dexie.maxKey])
    .toArray();
  return rows.filter((c) => c.is_active);
}

export interface CategoryTypeCard {
  type: CategoryType;
  categories: CategoryRow[];
  threadCount: number;
}

/** The types that have active categories, in the sidebar's order, with their subcategories and thread counts. */
export async function categoryTypeCards(db: Mirror): Promise<CategoryTypeCard[]> {
  const categories = await allCategories(db);
  const cards = await Promise.all(
    CATEGORY_TYPES.map(async (type) => ({
      type,
      categories: categories.filter((c) => c.type === type),
      threadCount: await db.threads
        .where('[_category_type+_pin+created_at]')
        .between([type, Dexie.minKey, Dexie.minKey], [type, Dexie.maxKey, Dexie.maxKey])
        .count(),
    })),
  );
  return cards.filter((c) => c.categories.length > 0);
}
