// Whether the device is still filling an empty mirror, so lists show progress instead of "nothing here".
import { useSyncStatus } from './SyncContext.tsx';

export interface FirstSync {
  active: boolean;
  rows: number;
}

export function useFirstSync(): FirstSync {
  const { pulling, lastSyncAt, lastError, online } = useSyncStatus();
  if (pulling?.firstLoad) return { active: true, rows: pulling.rows };
  // Between boot and the first pull's start nothing is known yet: an empty list may only be not-yet-pulled.
  return { active: lastSyncAt === null && lastError === null && online && pulling === null, rows: 0 };
}
