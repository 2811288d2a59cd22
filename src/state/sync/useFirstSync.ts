// Whether the device is still filling an empty mirror, so lists show progress instead of "nothing here", and whether
// that filling failed on the server, so an empty list says "failed" rather than "empty" or "offline".
import { useSyncStatus } from './SyncContext.tsx';

export interface FirstSync {
  active: boolean;
  rows: number;
  /** No pull has succeeded since the app started and the last one got an error answer from the server. */
  failed: boolean;
}

export function useFirstSync(): FirstSync {
  const { pulling, lastSyncAt, lastError, online, unreachable } = useSyncStatus();
  if (pulling?.firstLoad) return { active: true, rows: pulling.rows, failed: false };
  const failed = online && !unreachable && pulling === null && lastSyncAt === null && lastError !== null;
  // Between boot and the first pull's start nothing is known yet: an empty list may only be not-yet-pulled.
  return { active: lastSyncAt === null && lastError === null && online && pulling === null, rows: 0, failed };
}
