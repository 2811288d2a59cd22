// The one contract of an action that only works online (a ban, a dismissal, a verification): refused at once when
// offline with the action's offline text, its failure shown once through reportError, its success said in one toast.
import { useCallback, useState } from 'react';
import type { ForumClient } from '../../backend/client.ts';
import { noConnection, type AppError, type FailureTexts } from '../../backend/errors.ts';
import { useBackend } from '../BackendContext.tsx';
import { reportError } from '../errors/reportError.ts';
import { useSyncStatusOf } from '../sync/SyncContext.tsx';
import { toast } from '../toast.ts';

interface ActionTexts<R> {
  /** The spec's failure texts of the action, its offline text among them. */
  failure: FailureTexts;
  /** The toast once the server confirmed; none when the screen shows the outcome itself. */
  success?: string | ((result: R) => string);
}

type ActionOutcome<R> = { ok: true; value: R } | { ok: false; error: AppError };

interface ServerAction<A extends unknown[], R> {
  run(...args: A): Promise<ActionOutcome<R>>;
  /** An ask of this action is on its way. */
  pending: boolean;
}

export function useServerAction<A extends unknown[], R>(
  call: (client: ForumClient, ...args: A) => Promise<R>,
  texts: ActionTexts<R>,
): ServerAction<A, R> {
  const client = useBackend();
  const reachable = useSyncStatusOf((s) => s.online && !s.unreachable);
  const [running, setRunning] = useState(0);
  const { failure, success } = texts;
  const run = useCallback(
    async (...args: A): Promise<ActionOutcome<R>> => {
      // Known to be offline: nothing is sent, and the member reads the action's offline text.
      if (!reachable) return { ok: false, error: reportError(noConnection(), failure) };
      setRunning((n) => n + 1);
      try {
        const value = await call(client, ...args);
        if (success) toast.success(typeof success === 'string' ? success : success(value));
        return { ok: true, value };
      } catch (error) {
        return { ok: false, error: reportError(error, failure) };
      } finally {
        setRunning((n) => n - 1);
      }
    },
    [call, client, reachable, failure, success],
  );
  return { run, pending: running > 0 };
}
