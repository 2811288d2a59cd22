// Where opening a thread lands: on the first post after the member's read position at the moment of opening, with the
// unread divider above it. A thread never opened (no position) starts at the top, without a divider.

interface NumberedPost {
  id: string;
  post_number: number;
  author_id?: string | null;
}

/**
 * The first post past `readAtOpen` that someone else wrote, or undefined when there is none here or nothing was read
 * before. The member's own posts are never unread: a reply written offline gets its number when it is sent, past
 * the position held at opening, and was shown under "Unread since your last visit".
 */
export function firstUnread<T extends NumberedPost>(
  posts: readonly T[],
  readAtOpen: number,
  userId: string | null = null,
): T | undefined {
  if (readAtOpen <= 0) return undefined;
  // A post waiting to send has no number yet (0): it is the member's own, so never unread.
  return posts.find((p) => p.post_number > readAtOpen && (userId === null || p.author_id !== userId));
}

/** The thread's newest post number: the row's, or a newer post already on this device. */
export function highestPostNumber(threadHighest: number, posts: readonly NumberedPost[]): number {
  let highest = threadHighest;
  for (const post of posts) if (post.post_number > highest) highest = post.post_number;
  return highest;
}

/** The topmost post still in the window below the header: where "back to where I was" returns. */
export function topmostInView(
  rects: readonly { id: string; bottom: number }[],
  headerBottom: number,
): string | undefined {
  return rects.find((r) => r.bottom > headerBottom)?.id;
}
