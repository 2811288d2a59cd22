// The three category types and the heading each one's page carries (SPEC §2 "Category page").
import type { CategoryType } from './types.ts';

export const CATEGORY_TYPES: CategoryType[] = ['guapcoin', 'crypto', 'support'];

const HEADINGS: Record<CategoryType, string> = {
  guapcoin: 'Guapcoin Discussions',
  crypto: 'Cryptocurrency',
  support: 'Support & Help',
};

export function isCategoryType(value: string): value is CategoryType {
  return (CATEGORY_TYPES as string[]).includes(value);
}

/** The page heading for a type; any other type is plain 'Forum'. */
export function categoryHeading(type: string): string {
  return isCategoryType(type) ? HEADINGS[type] : 'Forum';
}
