// The post list renders in pages; only the pages near the viewport hold real posts, the rest are empty boxes of
// their last measured (or estimated) height, so a 2,000-post thread keeps a few dozen posts in the DOM.
export const POSTS_PER_PAGE = 20;
/** Until a page has been measured: a short post with its header and actions is about this tall. */
export const ESTIMATED_POST_HEIGHT = 220;

export function pageCount(total: number, perPage = POSTS_PER_PAGE): number {
  return Math.ceil(total / perPage);
}

/** The [start, end) indexes of the posts on one page. */
export function pageSlice(page: number, total: number, perPage = POSTS_PER_PAGE): [number, number] {
  const start = page * perPage;
  return [start, Math.min(total, start + perPage)];
}

/**
 * The pages the observer sees, else the top of the thread. Its margin (PostList's ROOT_MARGIN) counts a page 1,200 px
 * away as seen, so a page renders before it scrolls in; none beyond that renders ahead. A page of overscan rendered
 * the second page's 20 posts anew while a first visit's app started: their words parsed on the page's thread, for a
 * reader who may never scroll that far.
 */
export function pagesToRender(visible: Iterable<number>, count: number): Set<number> {
  const rendered = new Set([...visible].filter((page) => page >= 0 && page < count));
  if (rendered.size === 0 && count > 0) rendered.add(0);
  return rendered;
}

/**
 * The height of an unrendered page: its own last measurement, else the average post height measured so far
 * (posts in one thread look alike), else the estimate.
 */
export function placeholderHeight(page: number, postsOnPage: number, measured: ReadonlyMap<number, number>): number {
  const own = measured.get(page);
  if (own !== undefined) return own;
  let height = 0;
  let pages = 0;
  for (const h of measured.values()) {
    height += h;
    pages += 1;
  }
  const perPost = pages > 0 ? height / (pages * POSTS_PER_PAGE) : ESTIMATED_POST_HEIGHT;
  return Math.round(perPost * postsOnPage);
}
