// Feeds the shell's offline banner and sync indicator from the sync engine's status, and the member's held posts.
import { useMemo, type ReactNode } from 'react';
import { useHeldPostCount } from '../queries/posts.ts';
import { useSession } from '../session/SessionContext.tsx';
import { useSyncStatusOf } from './SyncContext.tsx';
import { ShellSyncStatusProvider } from './shellSyncStatus.tsx';

export function EngineSyncStatus({ children }: { children: ReactNode }) {
  // Each value on its own, and the shell's status kept while they stay: the engine's status changes at each step of
  // a pull, which the shell does not show. A new status would also reach the parts of the server's page React has not
  // hydrated yet, and make it hydrate them all at once, in one long task.
  const online = useSyncStatusOf((s) => s.online);
  const unreachable = useSyncStatusOf((s) => s.unreachable);
  const pending = useSyncStatusOf((s) => s.pending);
  const failed = useSyncStatusOf((s) => s.failed);
  const held = useHeldPostCount(useSession((s) => s.user?.id ?? null));
  const status = useMemo(
    () => ({ online, unreachable, pending, failed, held }),
    [online, unreachable, pending, failed, held],
  );
  return <ShellSyncStatusProvider status={status}>{children}</ShellSyncStatusProvider>;
}
