// The rows a first page carries in its HTML, as the local stack writes them (supabase/local/web/firstPage.ts) and the
// app seeds its mirror from before its first render (src/sync/seedFirstRows.ts). Alone with the script's id, so the
// first screen's entry loads nothing else for it.
import type { Row } from '../backend/database.ts';
import type { CategoryRow, CategoryType, ProfileRow } from './types.ts';

/** The id of the JSON script that holds the rows. */
export const FIRST_ROWS_SCRIPT_ID = 'first-rows';

export interface FirstRows {
  categories: CategoryRow[];
  /** Newest first, or as the category page orders them: pinned first. */
  threads: Row<'threads'>[];
  /** The thread page's first posts, in order. */
  posts: Row<'posts'>[];
  /** The public profiles of the authors the rows name. */
  profiles: ProfileRow[];
  /** Home's cards: each type's thread count. */
  threadCounts: Partial<Record<CategoryType, number>>;
}
