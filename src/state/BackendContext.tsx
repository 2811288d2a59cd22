// Hands the app's one supabase-js client to the screens. It arrives as a promise: the first screen paints from the
// mirror while supabase-js loads, and a screen that needs the client waits for it (React suspends it until then).
import { createContext, use, useContext, type ReactNode } from 'react';
import type { ForumClient } from '../backend/client.ts';

/** The client's promise, and what it settled to once it has. */
interface Backend {
  ready: Promise<ForumClient>;
  settled?: { client: ForumClient } | { error: unknown };
}

const BackendContext = createContext<Backend | null>(null);

/**
 * Keeps what the promise settled to, so a screen mounted afterwards renders at once. Left to use() alone, each
 * screen's first render would suspend even on a settled promise (React learns its state only by subscribing), and
 * React then holds the page back for its 300 ms fallback throttle.
 */
export function backendOf(ready: Promise<ForumClient>): Backend {
  const backend: Backend = { ready };
  ready.then(
    (client) => {
      backend.settled = { client };
    },
    (error: unknown) => {
      backend.settled = { error };
    },
  );
  return backend;
}

/** A backend already there: the server's render, whose screens call it only from effects, which never run there. */
export function settledBackend(client: ForumClient): Backend {
  return { ready: Promise.resolve(client), settled: { client } };
}

export function BackendProvider({ backend, children }: { backend: Backend; children: ReactNode }) {
  return <BackendContext.Provider value={backend}>{children}</BackendContext.Provider>;
}

export function useBackend(): ForumClient {
  const backend = useContext(BackendContext);
  if (!backend) throw new Error('useBackend needs a BackendProvider');
  const { settled } = backend;
  if (!settled) return use(backend.ready);
  if ('error' in settled) throw settled.error;
  return settled.client;
}
