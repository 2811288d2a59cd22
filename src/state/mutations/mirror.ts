// The mirror as a whole: pull now (after an online-only change such as a moderator's delete), or clear what was
// downloaded, which never drops unsent writes.
import { useMemo } from 'react';
import { useSyncEngine } from '../sync/SyncContext.tsx';

export function useMirrorActions() {
  const engine = useSyncEngine();
  return useMemo(
    () => ({
      pull: () => engine.pull(),
      clearDownloadedData: () => engine.clearDownloadedData(),
    }),
    [engine],
  );
}
