// Feeds the shell's offline banner and sync indicator from the sync engine's status.
import type { ReactNode } from 'react';
import { useSyncStatus } from './SyncContext.tsx';
import { ShellSyncStatusProvider } from './shellSyncStatus.tsx';

export function EngineSyncStatus({ children }: { children: ReactNode }) {
  const { online, unreachable, pending, failed } = useSyncStatus();
  return (
    <ShellSyncStatusProvider status={{ online, unreachable, pending, failed }}>{children}</ShellSyncStatusProvider>
  );
}
