// Hands the app's one supabase-js client to the screens.
import { createContext, useContext, type ReactNode } from 'react';
import type { SupabaseClient } from '@supabase/supabase-js';

const BackendContext = createContext<SupabaseClient | null>(null);

export function BackendProvider({ client, children }: { client: SupabaseClient; children: ReactNode }) {
  return <BackendContext.Provider value={client}>{children}</BackendContext.Provider>;
}

export function useBackend(): SupabaseClient {
  const client = useContext(BackendContext);
  if (!client) throw new Error('useBackend needs a BackendProvider');
  return client;
}
