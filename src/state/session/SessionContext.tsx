// Hands the session store to the screens; useSession(selector) re-renders only on the slice it reads.
import { createContext, useContext, type ReactNode } from 'react';
import { useStore } from 'zustand';
import type { SessionState, SessionStore } from './sessionStore.ts';

const SessionContext = createContext<SessionStore | null>(null);

export function SessionProvider({ store, children }: { store: SessionStore; children: ReactNode }) {
  return <SessionContext.Provider value={store}>{children}</SessionContext.Provider>;
}

function useSessionStore(): SessionStore {
  const store = useContext(SessionContext);
  if (!store) throw new Error('useSession needs a SessionProvider');
  return store;
}

export function useSession<T>(selector: (state: SessionState) => T): T {
  return useStore(useSessionStore(), selector);
}
