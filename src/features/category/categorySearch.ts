// The category page's own search parameters (?cat=, ?sort=, ?page=), read from the URL and checked.
import { isThreadSort, type ThreadSort } from '../../data/sortThreads.ts';

export interface CategorySearch {
  cat?: string;
  sort?: ThreadSort;
  page?: number;
}

export function parseCategorySearch(search: Record<string, unknown>): CategorySearch {
  const cat = typeof search.cat === 'string' && search.cat.trim() ? search.cat.trim() : undefined;
  const sort = isThreadSort(search.sort) && search.sort !== 'latest' ? search.sort : undefined;
  const page = Number(search.page);
  return { cat, sort, page: Number.isInteger(page) && page > 1 ? page : undefined };
}
