// The signed-in member's settings from the mirror, with what waits to be sent and what the server refused.
import { ownSettings } from '../../data/queries/settings.ts';
import { useSyncEngine, useSyncStatus } from '../sync/SyncContext.tsx';
import { useMirrorQuery } from './useMirrorQuery.ts';

export type { SettingsField } from '../../data/queries/settings.ts';

export function useOwnSettings() {
  // The status subscription re-renders this hook when the engine's member changes (see useFailedWrites).
  useSyncStatus();
  const userId = useSyncEngine().currentUserId;
  return useMirrorQuery((db) => (userId ? ownSettings(db, userId) : null), [userId]);
}
