// The one contract of a read that only the server answers (moderation lists, search beyond the mirror, activity,
// a held post's words, the wallet's explorer data): asked when the key changes, when the connection comes back, on
// retry and when `refreshOn` changes; its failure logged once (never the network's) and reported as a state.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ForumClient } from '../../backend/client.ts';
import { useBackend } from '../BackendContext.tsx';
import { logError } from '../errors/reportError.ts';
import { useSyncStatusOf } from '../sync/SyncContext.tsx';
import { serverView, type Answer, type ServerView } from './serverQueryView.ts';

interface ServerQueryOptions {
  /** What the log says when the read fails for a reason other than the connection. */
  label: string;
  /** false: nothing is asked, and the state is idle. */
  enabled?: boolean;
  /** A value whose change asks again, keeping what is shown meanwhile (e.g. the count of writes waiting). */
  refreshOn?: string | number | boolean | null;
}

interface ServerQuery<T> extends ServerView<T> {
  retry(): void;
  /** Changes the data on screen at once, for an action the server has confirmed. */
  update(change: (data: T) => T): void;
}

/** The key names the read and all its inputs; `read` is called with the app's client, only when the key is asked. */
export function useServerQuery<T>(
  key: readonly unknown[],
  read: (client: ForumClient) => Promise<T>,
  { label, enabled = true, refreshOn = null }: ServerQueryOptions,
): ServerQuery<T> {
  const client = useBackend();
  const reachable = useSyncStatusOf((s) => s.online && !s.unreachable);
  const keyText = enabled ? JSON.stringify(key) : null;
  // The read of the latest render: its inputs are in the key, so a new closure with the same key asks nothing new.
  const latestRead = useRef(read);
  useEffect(() => {
    latestRead.current = read;
  });
  const [attempt, setAttempt] = useState(0);
  const [answer, setAnswer] = useState<Answer<T>>();
  // An answer is shown as fresh only for the ask it answers: this retry, with this refresh value.
  const ask = JSON.stringify([attempt, refreshOn]);
  useEffect(() => {
    if (keyText === null || !reachable) return;
    let current = true;
    latestRead.current(client).then(
      (value) => {
        if (current) setAnswer({ key: keyText, ask, data: { value, at: Date.now() } });
      },
      (error: unknown) => {
        const failure = logError(error, label);
        if (current)
          setAnswer((last) => ({
            key: keyText,
            ask,
            data: last?.key === keyText ? last.data : undefined,
            error: failure,
          }));
      },
    );
    return () => {
      current = false;
    };
  }, [client, keyText, ask, reachable, label]);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  const update = useCallback(
    (change: (data: T) => T) =>
      setAnswer((last) =>
        last?.key === keyText && last.data ? { ...last, data: { ...last.data, value: change(last.data.value) } } : last,
      ),
    [keyText],
  );
  return { ...serverView(answer, { key: keyText, ask, reachable }), retry, update };
}
