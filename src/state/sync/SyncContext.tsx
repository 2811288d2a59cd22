// Hands the sync engine to the state hooks (queries/, mutations/) and its status to the screens.
import { createContext, useContext, useSyncExternalStore, type ReactNode } from 'react';
import type { SyncEngine } from '../../sync/engine.ts';
import { INITIAL_STATUS, type SyncStatus } from '../../sync/status.ts';

const SyncContext = createContext<SyncEngine | null>(null);

export function SyncProvider({ engine, children }: { engine: SyncEngine; children: ReactNode }) {
  return <SyncContext.Provider value={engine}>{children}</SyncContext.Provider>;
}

export function useSyncEngine(): SyncEngine {
  const engine = useContext(SyncContext);
  if (!engine) throw new Error('useSyncEngine needs a SyncProvider');
  return engine;
}

/**
 * What the server renders with and the app hydrates with: the status of an engine that has not run yet. The engine's
 * own status follows at once, in the render after hydration.
 */
const atStart = () => INITIAL_STATUS;

export function useSyncStatus(): SyncStatus {
  const { status } = useSyncEngine();
  return useSyncExternalStore(status.subscribe, status.get, atStart);
}

/**
 * One value of the status: the screen re-renders only when it changes, not at each move of the outbox, so a page
 * that reads only `online` does not render again for every write it sends.
 */
export function useSyncStatusOf<T extends string | number | boolean | null>(select: (status: SyncStatus) => T): T {
  const { status } = useSyncEngine();
  return useSyncExternalStore(
    status.subscribe,
    () => select(status.get()),
    () => select(INITIAL_STATUS),
  );
}
