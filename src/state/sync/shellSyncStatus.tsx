// What the offline banner and the sync indicator show: the sync engine's status, in the small shape the shell reads.
import { createContext, useContext, type ReactNode } from 'react';

interface ShellSyncStatus {
  online: boolean;
  /** Online, but the server gave no answer to the last request: the member is as good as offline. */
  unreachable: boolean;
  /** Writes waiting in the outbox. */
  pending: number;
  /** Writes the server refused; the member must retry, edit or discard them. */
  failed: number;
  /** The member's posts the server holds for a moderator's review: sent, but not shown to others. */
  held: number;
}

const ShellSyncStatusContext = createContext<ShellSyncStatus>({
  online: true,
  unreachable: false,
  pending: 0,
  failed: 0,
  held: 0,
});

export function ShellSyncStatusProvider({ status, children }: { status: ShellSyncStatus; children: ReactNode }) {
  return <ShellSyncStatusContext.Provider value={status}>{children}</ShellSyncStatusContext.Provider>;
}

export function useShellSyncStatus(): ShellSyncStatus {
  return useContext(ShellSyncStatusContext);
}
