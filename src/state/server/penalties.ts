// The signed-in member's own penalty in force, read online on each visit and after each pull (a moderator may have
// given or lifted one meanwhile).
import { fetchOwnPenalty, type OwnPenalty } from '../../backend/penalties.ts';
import { useSyncStatusOf } from '../sync/SyncContext.tsx';
import { useServerQuery } from './useServerQuery.ts';

export type { OwnPenalty };

export function useOwnPenalty(memberId: string | null): OwnPenalty | null {
  const pulledAt = useSyncStatusOf((s) => s.lastSyncAt);
  const read = useServerQuery(['ownPenalty', memberId], (client) => fetchOwnPenalty(client, memberId ?? ''), {
    label: 'Failed to read your account status',
    enabled: memberId !== null,
    refreshOn: pulledAt,
  });
  return read.data ?? null;
}
