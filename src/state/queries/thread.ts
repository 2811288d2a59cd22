// The thread from the mirror, fetched by the engine when the mirror lacks it. It tells "still reading the mirror"
// (loading) from "not in the mirror" (ready with null), so a missing thread never flashes, and it fetches again on
// reconnect.
import { openedThread } from '../../data/queries/threadAddress.ts';
import type { ThreadWithRefs } from '../../data/queries/threads.ts';
import { useFirstAnswer } from './firstScreen.tsx';
import { useEngineOpen, type OpenState } from './useEngineOpen.ts';
import { useMirrorQuery, type MirrorResult } from './useMirrorQuery.ts';

/** A fetch that failed for a reason other than the network shows Thread Not Found (SPEC §8). */
export function useOpenThread(idOrSlug: string): {
  thread: MirrorResult<ThreadWithRefs | null>;
  fetchState: OpenState;
} {
  const fetchState = useEngineOpen('openThread', idOrSlug);
  const first = useFirstAnswer('thread');
  const head = first?.data;
  const thread = useMirrorQuery(
    async (db) => (await openedThread(db, idOrSlug)) ?? null,
    [idOrSlug],
    head && (head.slug === idOrSlug || head.id === idOrSlug) ? first : undefined,
  );
  return { thread, fetchState };
}
