// Builds the app's session store over the real supabase-js client (still loading at first), the browser's storage
// and timers.
import type { ForumClient } from '../../backend/client.ts';
import { authStorageKey } from '../../backend/auth.ts';
import { fetchOwnProfile, insertProfile, updateProfile } from '../../backend/profiles.ts';
import { lazyAuth } from './lazyAuth.ts';
import { createSessionStore, type SessionStore } from '../../state/session/sessionStore.ts';

export function createAppSession(client: Promise<ForumClient>, backendUrl: string): SessionStore {
  return createSessionStore({
    auth: lazyAuth(client),
    loadProfile: async (id) => fetchOwnProfile(await client, id),
    createProfile: async (row) => insertProfile(await client, row),
    saveProfile: async (id, changes) => updateProfile(await client, id, changes),
    storage: window.localStorage,
    storageKey: authStorageKey(backendUrl),
    setTimeout: (fn, ms) => window.setTimeout(fn, ms),
    clearTimeout: (handle) => window.clearTimeout(handle as number),
  });
}
