// Whether the device is still filling an empty mirror, so lists show progress instead of "nothing here", and whether
// that filling failed on the server, so an empty list says "failed" rather than "empty" or "offline".
import { useMemo } from 'react';
import type { SyncStatus } from '../../sync/status.ts';
import { useSyncStatusOf } from './SyncContext.tsx';

export interface FirstSync {
  active: boolean;
  /** No pull has succeeded since the app started and the last one got an error answer from the server. */
  failed: boolean;
}

/**
 * A pull that runs again after the server refused the first (the interval's, a live poke's) keeps the failure on the
 * screen until one succeeds: the list does not flicker back to progress with every try. `rows`: stored so far.
 */
export function firstSyncOf(status: SyncStatus): FirstSync & { rows: number } {
  const { pulling, lastSyncAt, lastError, online, unreachable } = status;
  const failed = online && !unreachable && lastSyncAt === null && lastError !== null;
  if (pulling?.firstLoad && !failed) return { active: true, rows: pulling.rows, failed: false };
  // Between boot and the first pull's start nothing is known yet: an empty list may only be not-yet-pulled.
  return { active: lastSyncAt === null && lastError === null && online && pulling === null, rows: 0, failed };
}

/**
 * The list's view of the first sync: it renders again only when that changes, not at each page of rows the sync
 * stores or each other move of the status (a home page rendered its 43 components again at every one).
 */
export function useFirstSync(): FirstSync {
  const active = useSyncStatusOf((status) => firstSyncOf(status).active);
  const failed = useSyncStatusOf((status) => firstSyncOf(status).failed);
  return useMemo(() => ({ active, failed }), [active, failed]);
}

/** The rows the first sync has stored so far, for the one line that counts them. */
export function useFirstSyncRows(): number {
  return useSyncStatusOf((status) => firstSyncOf(status).rows);
}
