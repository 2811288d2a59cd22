// What the first screen's reads answer from the rows its page came with (firstRows.ts), joined as the mirror's reads
// join them: the server renders the app from these answers, and the app's first render, which hydrates that markup,
// starts from the same ones while its live reads have not answered yet.
import type { FirstRows } from './firstRows.ts';
import { categoryCards, postsWithAuthors, threadsWithRefs } from './firstRowsJoined.ts';
import type { CategoryTypeCard } from './queries/categories.ts';
import type { PostWithAuthor } from './queries/posts.ts';
import type { ThreadWithRefs } from './queries/threads.ts';
import type { CategoryType } from './types.ts';

export interface FirstAnswers {
  /** Home's. */
  latestThreads?: ThreadWithRefs[];
  cards?: CategoryTypeCard[];
  /** A thread page's. */
  thread?: ThreadWithRefs;
  posts?: PostWithAuthor[];
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
  return { threadCounts: {}, renderedAt };
}
