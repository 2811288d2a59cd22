// Which of the member's refused writes belong on a thread's screen, and under which post each one shows.
import type { FailedEntry, Write } from '../data/outboxTypes.ts';
import { kindOf } from './writeKinds.ts';

interface ThreadFailures {
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
    const shown = kindOf(entry.write).shownOn?.(entry.write);
    if (!shown) continue;
    if (!postIds.has(shown.post) && shown.thread !== threadId) continue;
    if (postIds.has(shown.post) && !byPost.has(shown.post)) byPost.set(shown.post, entry);
    else loose.push(entry);
  }
  return { byPost, loose };
}

/** The text a failed write would send, for its Edit box; null when there is no text to edit (a delete). */
export function failedText(write: Write): string | null {
  return kindOf(write).text?.of(write) ?? null;
}
