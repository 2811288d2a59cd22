// The rows a first page carries in its HTML, as the local stack writes them (supabase/local/web/firstPage.ts) and the
// app seeds its mirror from before its first render (src/sync/seedFirstRows.ts), and whose first render shows them.
// Loaded with the seeding, not by the first screen's entry, which needs only the script's id (firstRowsScript.ts).
import type { Row } from '../backend/database.ts';
import { FIRST_ROWS_SCRIPT_ID } from './firstRowsScript.ts';
import type { CategoryRow, CategoryType, ProfileRow } from './types.ts';

export interface FirstRows {
  /** The first screen the rows are for. */
  page: 'home' | 'category' | 'thread';
  /** A category page's type. */
  categoryType?: CategoryType;
  categories: CategoryRow[];
  /** Newest first, or as the category page orders them: pinned first. */
  threads: Row<'threads'>[];
  /** The thread page's first posts, in order. */
  posts: Row<'posts'>[];
  /** The public profiles of the authors the rows name. */
  profiles: ProfileRow[];
  /** Home's cards: each type's thread count; a category page's: its type's, for its pager. */
  threadCounts: Partial<Record<CategoryType, number>>;
  /** The server's clock (ms since the epoch) when it read the rows: the page's ages are counted from it. */
  readAt: number;
}

function isFirstRows(value: unknown): value is FirstRows {
  const v = value as Partial<FirstRows> | null;
  return (
    typeof v === 'object' &&
    v !== null &&
    typeof v.page === 'string' &&
    [v.categories, v.threads, v.posts, v.profiles].every(Array.isArray) &&
    typeof v.threadCounts === 'object' &&
    typeof v.readAt === 'number'
  );
}

/** The rows in the page, or undefined when it has none or its script holds something else. */
export function embeddedFirstRows(doc: Pick<Document, 'getElementById'>): FirstRows | undefined {
  const text = doc.getElementById(FIRST_ROWS_SCRIPT_ID)?.textContent;
  if (!text) return undefined;
  try {
    const parsed: unknown = JSON.parse(text);
    return isFirstRows(parsed) ? parsed : undefined;
  } catch (error) {
    console.warn('The first rows in the page could not be read', error);
    return undefined;
  }
}

/** The category page's search keys that change its first render: the server renders the page without them. */
const CATEGORY_SEARCH_KEYS = ['cat', 'sort', 'page'];

/**
 * Whether the server rendered the page at `pathname` (and `search`, the address's query) as the app's own first
 * render, which the app hydrates: home, a category at its own address with no subcategory, sort or page chosen, and a
 * thread at its own address. A thread by its id (which the app moves to its address) is the server's page alone,
 * replaced when the app starts.
 */
export function hydratesAt(rows: FirstRows, pathname: string, search = ''): boolean {
  if (rows.page === 'home') return true;
  // The server is given the address decoded, the browser's location has it encoded.
  const at = pathname.replace(/\/+$/, '');
  if (rows.page === 'category') {
    const query = new URLSearchParams(search);
    return at === `/category/${rows.categoryType}` && !CATEGORY_SEARCH_KEYS.some((key) => query.has(key));
  }
  const head = rows.threads[0];
  if (head === undefined) return false;
  return at === `/t/${head.slug}` || at === `/t/${encodeURIComponent(head.slug)}`;
}
