// The members directory: the mirror's members at once (the first cards through the reputation index, then all of
// them, searched in memory), and, when online, the server's pages for the same search merged into the mirror.
import { useCallback, useEffect, useMemo, useState } from 'react';
import { allMembers, filterMembers, memberSearchTerms, roleChanges, topMembers } from '../../data/queries/members.ts';
import type { ProfileRow } from '../../data/types.ts';
import { fetchMemberPage } from '../../sync/memberPages.ts';
import { useBackend } from '../BackendContext.tsx';
import { logError } from '../errors/reportError.ts';
import { useSyncEngine, useSyncStatus } from '../sync/SyncContext.tsx';
import { useFirstSync } from '../sync/useFirstSync.ts';
import { FIRST_CARDS } from './memberFirstCards.ts';
import { useMirrorQuery, type MirrorResult } from './useMirrorQuery.ts';

/** The server is asked once typing pauses; the mirror answers every keystroke. */
const SERVER_DEBOUNCE_MS = 250;

type ServerState = 'offline' | 'loading' | 'ready' | 'failed';

type MembersDirectory =
  | { state: 'loading' }
  | { state: 'failed' }
  | {
      state: 'ready';
      members: ProfileRow[];
      /** Every member the device holds was read; until then, the first cards only. */
      whole: boolean;
      server: ServerState;
      loadMore(): void;
    };

/** The server's search is by one word: the longest, the one that narrows most; the mirror checks the others. */
function serverWord(query: string): string {
  return [...memberSearchTerms(query)].sort((a, b) => b.length - a.length)[0] ?? '';
}

interface ServerPages {
  word: string;
  /** Pages fetched so far. */
  pages: number;
  more: boolean;
  state: 'loading' | 'ready' | 'failed';
}

/** The server's pages for the query, fetched into the mirror: the first when the query settles, the next on demand. */
function useServerPages(query: string) {
  const client = useBackend();
  const { db } = useSyncEngine();
  const { online, unreachable } = useSyncStatus();
  const reachable = online && !unreachable;
  const word = serverWord(query);
  const [pages, setPages] = useState<ServerPages>();
  const fetchPage = useCallback(
    (page: number) => {
      setPages({ word, pages: page, more: true, state: 'loading' });
      fetchMemberPage(db, client, { word, page }).then(
        (more) => setPages((p) => (p?.word === word ? { word, pages: page + 1, more, state: 'ready' } : p)),
        (error: unknown) => {
          logError(error, 'Failed to fetch members');
          setPages((p) => (p?.word === word ? { ...p, state: 'failed' } : p));
        },
      );
    },
    [client, db, word],
  );
  useEffect(() => {
    if (!reachable) return;
    // The directory unsearched is asked at once: there is no typing to wait for.
    const timer = setTimeout(() => fetchPage(0), word ? SERVER_DEBOUNCE_MS : 0);
    return () => clearTimeout(timer);
  }, [reachable, fetchPage, word]);
  const current = pages?.word === word ? pages : undefined;
  const loadMore = useCallback(() => {
    if (reachable && current?.state === 'ready' && current.more) fetchPage(current.pages);
  }, [reachable, current, fetchPage]);
  const state: ServerState = !reachable ? 'offline' : (current?.state ?? 'loading');
  return { state, loadMore };
}

/**
 * True from the first frame painted after `ready`: reading all 10,000 members takes the main thread for a few
 * hundred milliseconds, so it waits until the first cards are on screen.
 */
function usePaintedOnce(ready: boolean): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    if (!ready || painted) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => (timer = setTimeout(() => setPainted(true), 0)));
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [ready, painted]);
  return painted;
}

export function useMembersDirectory(query: string, firstCards?: MirrorResult<ProfileRow[]>): MembersDirectory {
  const top = useMirrorQuery((db) => topMembers(db, FIRST_CARDS), [], firstCards);
  const readAll = usePaintedOnce(top.state !== 'loading');
  const all = useMirrorQuery((db) => (readAll ? allMembers(db) : undefined), [readAll]);
  const server = useServerPages(query);
  const firstSync = useFirstSync();
  const everyone = all.state === 'ready' ? all.data : undefined;
  // Until every member is read, the first cards stand for the directory unsearched; a search waits for them all.
  const held = everyone ?? (top.state === 'ready' && !memberSearchTerms(query).length ? top.data : undefined);
  const members = useMemo(() => held && filterMembers(held, query), [held, query]);
  if (all.state === 'failed' || top.state === 'failed') return { state: 'failed' };
  if (!members) return { state: 'loading' };
  if (members.length === 0 && server.state === 'loading') return { state: 'loading' };
  if (held?.length === 0) {
    // An empty mirror: the first sync or the server's first page will fill it, unless the server failed.
    if (firstSync.failed || server.state === 'failed') return { state: 'failed' };
    if (firstSync.active || server.state === 'loading') return { state: 'loading' };
  }
  return { state: 'ready', members, whole: everyone !== undefined, server: server.state, loadMore: server.loadMore };
}

/** The signed-in member's role changes still waiting or refused, for the cards and the toasts. */
export function useRoleChanges() {
  const { pending, failed } = useSyncStatus();
  const userId = useSyncEngine().currentUserId;
  return useMirrorQuery((db) => (userId ? roleChanges(db, userId) : []), [userId, pending, failed]);
}
