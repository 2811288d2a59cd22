// The session store's auth calls over a supabase-js client that is still loading: each call waits for it, and an
// auth listener is attached as soon as it exists (in the same task, so no early event such as a password-recovery
// link's is missed).
import type { Subscription } from '@supabase/supabase-js';
import type { ForumClient } from '../../backend/client.ts';
import type { SessionAuth } from '../../state/session/sessionStore.ts';

export function lazyAuth(client: Promise<ForumClient>): SessionAuth {
  return {
    getSession: async () => (await client).auth.getSession(),
    refreshSession: async (current) => (await client).auth.refreshSession(current),
    signInWithPassword: async (credentials) => (await client).auth.signInWithPassword(credentials),
    signUp: async (credentials) => (await client).auth.signUp(credentials),
    signOut: async (options) => (await client).auth.signOut(options),
    onAuthStateChange(callback) {
      let inner: Subscription | undefined;
      let cancelled = false;
      void client.then((c) => {
        if (!cancelled) inner = c.auth.onAuthStateChange(callback).data.subscription;
      });
      const subscription: Subscription = {
        id: 'lazy',
        callback,
        unsubscribe: () => {
          cancelled = true;
          inner?.unsubscribe();
        },
      };
      return { data: { subscription } };
    },
  };
}
