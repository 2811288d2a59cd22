// Read state for the screens, live: a thread list's new and unread marks, and a thread's read position.
import { useMemo } from 'react';
import { readStatesOf, type ReadState, type Reader } from '../../data/queries/readState.ts';
import type { ThreadReadRow, ThreadRow } from '../../data/types.ts';
import { useSession } from '../session/SessionContext.tsx';
import { dataOrThrow, useMemberQuery, useMirrorQuery } from './useMirrorQuery.ts';

const NONE: Map<string, ReadState> = new Map();

/** The signed-in member as the read state needs them; null when signed out. */
export function useReader(): Reader | null {
  const id = useSession((s) => s.user?.id ?? null);
  const joinedAt = useSession((s) => s.user?.created_at ?? null);
  return useMemo(() => (id && joinedAt ? { id, joinedAt } : null), [id, joinedAt]);
}

/** Each thread's read state, by thread id; empty when signed out (or while the first read runs). */
export function useReadStates(threads: ThreadRow[]): Map<string, ReadState> {
  const me = useReader();
  const result = useMemberQuery(me, (db, reader) => readStatesOf(db, threads, reader), [threads], NONE);
  return dataOrThrow(result) ?? NONE;
}

/**
 * The member's read row of a thread: undefined when they never opened it (or are signed out), null while loading. Not
 * answered at once when signed out: a member's session may name them a moment after the first render, and the thread
 * takes its first answer as the read position it opened with.
 */
export function useThreadRead(threadId: string): ThreadReadRow | undefined | null {
  const me = useReader();
  const result = useMirrorQuery(
    async (db) => (me ? ((await db.threadReads.get(threadId)) ?? null) : null),
    [threadId, me],
  );
  const row = dataOrThrow(result);
  return row === undefined ? null : (row ?? undefined);
}
