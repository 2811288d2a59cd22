// What the offline banner and the sync indicator show. The shell reads only this small shape, so the
// source can change (browser events now, the sync engine's status later) without touching the shell.
import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';

export interface ShellSyncStatus {
  online: boolean;
  /** Writes waiting in the outbox. */
  pending: number;
  /** Writes the server refused; the member must retry, edit or discard them. */
  failed: number;
}

const ShellSyncStatusContext = createContext<ShellSyncStatus>({ online: true, pending: 0, failed: 0 });

export function ShellSyncStatusProvider({ status, children }: { status: ShellSyncStatus; children: ReactNode }) {
  return <ShellSyncStatusContext.Provider value={status}>{children}</ShellSyncStatusContext.Provider>;
}

export function useShellSyncStatus(): ShellSyncStatus {
  return useContext(ShellSyncStatusContext);
}

/** Online state from the browser's own events; no writes are counted until the sync engine reports them. */
export function useBrowserOnline(): boolean {
  const [online, setOnline] = useState(() => navigator.onLine);
  useEffect(() => {
    const update = () => setOnline(navigator.onLine);
    window.addEventListener('online', update);
    window.addEventListener('offline', update);
    return () => {
      window.removeEventListener('online', update);
      window.removeEventListener('offline', update);
    };
  }, []);
  return online;
}

export function BrowserSyncStatus({ children }: { children: ReactNode }) {
  const online = useBrowserOnline();
  return <ShellSyncStatusProvider status={{ online, pending: 0, failed: 0 }}>{children}</ShellSyncStatusProvider>;
}
