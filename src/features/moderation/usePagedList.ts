// A list the panel reads from the server page by page: the first page whenever what it asks for changes, the next
// on demand, a retry after a failure, and a quiet reload after an action (the rows shown stay until it answers).
import { useCallback, useEffect, useState } from 'react';
import { logError } from '../../state/errors/reportError.ts';

interface Page<T> {
  rows: T[];
  more: boolean;
}

/** `shown`: the rows already on screen, from which the fetch works out where the next page starts. */
type FetchPage<T> = (shown: T[]) => Promise<Page<T>>;

interface Loaded<T> extends Page<T> {
  /** The fetch these rows answer: another fetch (a new search) starts from a spinner again. */
  source: FetchPage<T>;
  attempt: number;
  phase: 'ready' | 'failed' | 'loadingMore' | 'moreFailed';
}

export type PagedList<T> =
  | { state: 'loading' }
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

export function usePagedList<T>(fetchPage: FetchPage<T>, label: string): PagedList<T> {
  const [loaded, setLoaded] = useState<Loaded<T>>();
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let current = true;
    fetchPage([]).then(
      (page) => current && setLoaded({ ...page, source: fetchPage, attempt, phase: 'ready' }),
      (error: unknown) => {
        logError(error, label);
        if (current) setLoaded({ rows: [], more: false, source: fetchPage, attempt, phase: 'failed' });
      },
    );
    return () => {
      current = false;
    };
  }, [fetchPage, attempt, label]);
  const again = useCallback(() => setAttempt((n) => n + 1), []);
  const update = useCallback((change: (rows: T[]) => T[]) => setLoaded((l) => l && { ...l, rows: change(l.rows) }), []);
  const shown = loaded?.source === fetchPage ? loaded : undefined;
  const loadMore = useCallback(() => {
    if (!shown || shown.phase === 'loadingMore' || !shown.more) return;
    const mine = (l: Loaded<T> | undefined) => l?.source === fetchPage && l.attempt === shown.attempt;
    setLoaded({ ...shown, phase: 'loadingMore' });
    fetchPage(shown.rows).then(
      (page) =>
        setLoaded((l) =>
          mine(l) && l ? { ...l, rows: [...l.rows, ...page.rows], more: page.more, phase: 'ready' } : l,
        ),
      (error: unknown) => {
        logError(error, label);
        setLoaded((l) => (mine(l) && l ? { ...l, phase: 'moreFailed' } : l));
      },
    );
  }, [shown, fetchPage, label]);
  if (!shown || (shown.phase === 'failed' && shown.attempt !== attempt)) return { state: 'loading' };
  if (shown.phase === 'failed') return { state: 'failed', retry: again };
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

/** The value after it has stayed the same for `ms`: a search asks the server once typing pauses. */
export function useSettled<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}
