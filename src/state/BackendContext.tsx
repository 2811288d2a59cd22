// Hands the app's one supabase-js client to the screens. It arrives as a promise: the first screen paints from the
// mirror while supabase-js loads, and a screen that needs the client waits for it (React suspends it until then).
import { createContext, use, useContext, type ReactNode } from 'react';
import type { ForumClient } from '../backend/client.ts';

const BackendContext = createContext<Promise<ForumClient> | null>(null);

export function BackendProvider({ client, children }: { client: Promise<ForumClient>; children: ReactNode }) {
  return <BackendContext.Provider value={client}>{children}</BackendContext.Provider>;
}

export function useBackend(): ForumClient {
  const client = useContext(BackendContext);
  if (!client) throw new Error('useBackend needs a BackendProvider');
  return use(client);
}
