// What the first screen's reads answer from the rows its page came with (firstRows.ts), joined as the mirror's reads
// join them: the server renders the app from these answers, and the app's first render, which hydrates that markup,
// starts from the same ones while its live reads have not answered yet.
import type { FirstRows } from './firstRows.ts';
import { categoryCards, postsWithAuthors, threadsWithRefs } from './firstRowsJoined.ts';
import type { CategoryTypeCard } from './queries/categories.ts';
import type { PostWithAuthor } from './queries/posts.ts';
import type { ThreadPage, ThreadWithRefs } from './queries/threads.ts';
import type { CategoryRow, CategoryType } from './types.ts';

/** A category page's first screen: its chips and its first page of threads in the default sort, pinned first. */
interface FirstCategory {
  type: CategoryType;
  subcategories: CategoryRow[];
  threads: ThreadPage;
}

export interface FirstAnswers {
  /** Home's. */
  latestThreads?: ThreadWithRefs[];
  cards?: CategoryTypeCard[];
  /** A thread page's. */
  thread?: ThreadWithRefs;
  posts?: PostWithAuthor[];
  /** A category page's. */
  category?: FirstCategory;
  /** Each type's thread count as the server counted it. */
  threadCounts: Partial<Record<CategoryType, number>>;
  /**
   * The server's clock when it read the rows and rendered the page: the page's ages ('just now', '5m') count from it
   * while the app starts from these answers. By the browser's clock, seconds later or set apart, a 59-second-old
   * post's 'just now' would read '1m', a text React cannot hydrate, and the painted page would be rendered anew.
   */
  renderedAt: number;
}

export function firstAnswersOf(rows: FirstRows): FirstAnswers {
  const threads = threadsWithRefs(rows);
  const renderedAt = rows.readAt;
  if (rows.page === 'home') {
    return { latestThreads: threads, cards: categoryCards(rows), threadCounts: rows.threadCounts, renderedAt };
  }
  if (rows.page === 'thread')
    return { thread: threads[0], posts: postsWithAuthors(rows), threadCounts: {}, renderedAt };
  const type = rows.categoryType;
  if (type === undefined) return { threadCounts: {}, renderedAt };
  const category: FirstCategory = {
    type,
    subcategories: rows.categories.filter((c) => c.type === type && c.is_active),
    threads: { threads, total: Math.max(rows.threadCounts[type] ?? 0, threads.length) },
  };
  return { category, threadCounts: rows.threadCounts, renderedAt };
}
