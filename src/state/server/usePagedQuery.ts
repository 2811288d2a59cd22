// A list the server reads page by page (the moderation tabs): the first page whenever the key changes, the next on
// demand, a retry after a failure, and a quiet reload after an action (the rows shown stay until it answers).
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ForumClient } from '../../backend/client.ts';
import { useBackend } from '../BackendContext.tsx';
import { logError } from '../errors/reportError.ts';
import { useSyncStatusOf } from '../sync/SyncContext.tsx';

interface Page<T> {
  rows: T[];
  more: boolean;
}

/** `shown`: the rows already on screen, from which the read works out where the next page starts. */
type ReadPage<T> = (client: ForumClient, shown: T[]) => Promise<Page<T>>;

interface Loaded<T> extends Page<T> {
  /** The key these rows answer: another key (a new search) starts from a spinner again. */
  key: string;
  attempt: number;
  phase: 'ready' | 'failed' | 'loadingMore' | 'moreFailed';
}

export type PagedQuery<T> =
  | { state: 'loading' }
  | { state: 'offline' }
  | { state: 'failed'; retry(): void }
  | {
      state: 'ready';
      rows: T[];
      more: boolean;
      loadingMore: boolean;
      moreFailed: boolean;
      loadMore(): void;
      reload(): void;
      /** Changes rows on screen at once, for an action the server has confirmed. */
      update(change: (rows: T[]) => T[]): void;
    };

export function usePagedQuery<T>(key: readonly unknown[], readPage: ReadPage<T>, label: string): PagedQuery<T> {
  const client = useBackend();
  const reachable = useSyncStatusOf((s) => s.online && !s.unreachable);
  const keyText = JSON.stringify(key);
  const latestRead = useRef(readPage);
  useEffect(() => {
    latestRead.current = readPage;
  });
  const [loaded, setLoaded] = useState<Loaded<T>>();
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (!reachable) return;
    let current = true;
    latestRead.current(client, []).then(
      (page) => current && setLoaded({ ...page, key: keyText, attempt, phase: 'ready' }),
      (error: unknown) => {
        logError(error, label);
        if (current) setLoaded({ rows: [], more: false, key: keyText, attempt, phase: 'failed' });
      },
    );
    return () => {
      current = false;
    };
  }, [client, keyText, attempt, label, reachable]);
  const again = useCallback(() => setAttempt((n) => n + 1), []);
  const update = useCallback((change: (rows: T[]) => T[]) => setLoaded((l) => l && { ...l, rows: change(l.rows) }), []);
  const shown = loaded?.key === keyText ? loaded : undefined;
  const loadMore = useCallback(() => {
    if (!shown || shown.phase === 'loadingMore' || !shown.more) return;
    const mine = (l: Loaded<T> | undefined) => l?.key === keyText && l.attempt === shown.attempt;
    setLoaded({ ...shown, phase: 'loadingMore' });
    latestRead.current(client, shown.rows).then(
      (page) =>
        setLoaded((l) =>
          mine(l) && l ? { ...l, rows: [...l.rows, ...page.rows], more: page.more, phase: 'ready' } : l,
        ),
      (error: unknown) => {
        logError(error, label);
        setLoaded((l) => (mine(l) && l ? { ...l, phase: 'moreFailed' } : l));
      },
    );
  }, [client, shown, keyText, label]);
  const failedNow = shown?.phase === 'failed' && shown.attempt === attempt;
  if (!shown || failedNow) {
    if (!reachable) return { state: 'offline' };
    if (failedNow) return { state: 'failed', retry: again };
    return { state: 'loading' };
  }
  if (shown.phase === 'failed') return { state: 'loading' };
  return {
    state: 'ready',
    rows: shown.rows,
    more: shown.more,
    loadingMore: shown.phase === 'loadingMore',
    moreFailed: shown.phase === 'moreFailed',
    loadMore,
    reload: again,
    update,
  };
}
