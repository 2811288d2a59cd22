// A live read of the mirror that reports a failed read as a state instead of throwing during render: the one
// contract of every mirror read hook in state/queries.
import { liveQuery } from 'dexie';
import { useObservable, type InteropableObservable } from 'dexie-react-hooks';
import { startTransition, useMemo, useRef } from 'react';
import { keepUnchanged } from '../../lib/keepUnchanged.ts';
import type { Mirror } from '../../data/mirror.ts';
import { logErrorLater } from '../errors/logErrorLater.ts';
import { useSyncEngine } from '../sync/SyncContext.tsx';
import { useShowsFirstScreen } from './firstScreen.tsx';

export type MirrorResult<T> = { state: 'loading' } | { state: 'ready'; data: T } | { state: 'failed'; error: unknown };

const LOADING = { state: 'loading' } as const;

/** One read of the mirror, its failure logged and reported as a state. */
export async function readMirror<T>(db: Mirror, read: (db: Mirror) => Promise<T> | T): Promise<MirrorResult<T>> {
  try {
    return { state: 'ready', data: await read(db) };
  } catch (error) {
    logErrorLater(error, 'Mirror read failed');
    return { state: 'failed', error };
  }
}

/**
 * The live read's answers, each rendered in a transition: on a page the app hydrates, an answer that reaches a part of
 * the server's page not hydrated yet then makes React hydrate that part in slices, yielding to taps and frames, not at
 * once in one long task as an urgent update would. A page rendered anew takes its answers at once, as they come: in
 * transitions the browser would paint between them, and a list's parts arriving apart would push it down.
 */
function inTransition<T>(source: ReturnType<typeof liveQuery<T>>): InteropableObservable<T> {
  return {
    subscribe: (onNext, onError) =>
      source.subscribe({
        next: (value) => startTransition(() => onNext(value)),
        error: (error: unknown) => startTransition(() => onError?.(error)),
      }),
    // A value the read already has is taken at the first render, as useLiveQuery does.
    hasValue: () => source.hasValue?.() ?? false,
    getValue: () => source.getValue?.() as T,
  };
}

/**
 * `initial` is what the screen shows until the live read first answers: a read made ahead (a route's loader), so the
 * first frame already has the data.
 */
export function useMirrorQuery<T>(
  read: (db: Mirror) => Promise<T> | T,
  deps: unknown[],
  initial?: MirrorResult<T>,
): MirrorResult<T> {
  const { db } = useSyncEngine();
  const hydrating = useShowsFirstScreen();
  // A re-run that read the same rows answers with the previous result itself, which useLiveQuery does not render
  // again: a pull that brought nothing for this screen renders nothing, and a changed row renders only its own part.
  const last = useRef<MirrorResult<T> | undefined>(initial);
  const result = useObservable(
    () => {
      const answers = liveQuery(async () => {
        const next = keepUnchanged(last.current, await readMirror(db, read));
        last.current = next;
        return next;
      });
      return hydrating ? inTransition(answers) : answers;
    },
    // The caller's deps are the read's inputs, exactly as for useLiveQuery itself; the mirror is one more.
    [db, ...deps],
    initial,
  );
  return result ?? LOADING;
}

/**
 * A read of the signed-in member's rows. With no member it answers `none` from the first render, without reading: a
 * visitor's screen renders once, not once loading and again with the same nothing (a visitor's shell rendered its 61
 * components twice, and a thread its 20 posts). `none` is a constant, so that its identity never changes.
 */
export function useMemberQuery<M, T>(
  member: M | null,
  read: (db: Mirror, member: M) => Promise<T> | T,
  deps: unknown[],
  none: T,
): MirrorResult<T> {
  const signedOut = useMemo((): MirrorResult<T> => ({ state: 'ready', data: none }), [none]);
  return useMirrorQuery(
    (db) => (member === null ? none : read(db, member)),
    [member, ...deps],
    member === null ? signedOut : undefined,
  );
}

/**
 * The data once read, undefined while loading. A failed read throws, for screens that leave it to the route's
 * error page.
 */
export function dataOrThrow<T>(result: MirrorResult<T>): T | undefined {
  if (result.state === 'failed') throw result.error;
  return result.state === 'ready' ? result.data : undefined;
}
