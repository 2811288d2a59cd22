// Which of the member's refused writes belong on this thread's screen, and under which post each one shows.
import type { FailedEntry, Write } from '../../data/outboxTypes.ts';

/** The post a write is about: a new thread's failure shows on its opening post. */
export function failedPostId(write: Write): string | null {
  switch (write.kind) {
    case 'thread':
    case 'reply':
      return write.post.id;
    case 'editPost':
    case 'deletePost':
      return write.id;
    default:
      return null;
  }
}

export interface ThreadFailures {
  byPost: Map<string, FailedEntry>;
  /** About this thread but with no post on screen to hang on (e.g. an edit of a post deleted meanwhile). */
  loose: FailedEntry[];
}

export function failuresForThread(
  entries: FailedEntry[],
  threadId: string,
  postIds: ReadonlySet<string>,
): ThreadFailures {
  const byPost = new Map<string, FailedEntry>();
  const loose: FailedEntry[] = [];
  for (const entry of entries) {
    const { write } = entry;
    const postId = failedPostId(write);
    if (!postId) continue;
    const ofThread =
      postIds.has(postId) ||
      (write.kind === 'reply' && write.post.thread_id === threadId) ||
      (write.kind === 'thread' && write.thread.id === threadId);
    if (!ofThread) continue;
    if (postIds.has(postId) && !byPost.has(postId)) byPost.set(postId, entry);
    else loose.push(entry);
  }
  return { byPost, loose };
}

/** The text a failed write would send, for its Edit box; null when there is no text to edit (a delete). */
export function failedText(write: Write): string | null {
  if (write.kind === 'reply' || write.kind === 'thread') return write.post.content;
  if (write.kind === 'editPost') return write.content;
  return null;
}
