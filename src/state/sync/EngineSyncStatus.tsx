// Feeds the shell's offline banner and sync indicator from the sync engine's status, and the member's held posts.
import type { ReactNode } from 'react';
import { useHeldPostCount } from '../queries/posts.ts';
import { useSession } from '../session/SessionContext.tsx';
import { useSyncStatus } from './SyncContext.tsx';
import { ShellSyncStatusProvider } from './shellSyncStatus.tsx';

export function EngineSyncStatus({ children }: { children: ReactNode }) {
  const { online, unreachable, pending, failed } = useSyncStatus();
  const held = useHeldPostCount(useSession((s) => s.user?.id ?? null));
  return (
    <ShellSyncStatusProvider status={{ online, unreachable, pending, failed, held }}>
      {children}
    </ShellSyncStatusProvider>
  );
}
