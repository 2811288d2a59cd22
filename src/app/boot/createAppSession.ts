// Builds the app's session store over the real supabase-js client (still loading at first), the browser's storage
// and timers.
import type { ForumClient } from '../../backend/client.ts';
import { authStorageKey } from '../../backend/auth.ts';
import { lazyAuth } from './lazyAuth.ts';
import { createSessionStore, type SessionStore } from '../../state/session/sessionStore.ts';

// The profile calls load with the client they need, after the first screen.
const profiles = () => import('../../backend/profiles.ts');

export function createAppSession(client: Promise<ForumClient>, backendUrl: string): SessionStore {
  return createSessionStore({
    auth: lazyAuth(client),
    loadProfile: async (id) => (await profiles()).fetchOwnProfile(await client, id),
    createProfile: async (row) => (await profiles()).insertProfile(await client, row),
    saveProfile: async (id, changes) => (await profiles()).updateProfile(await client, id, changes),
    storage: window.localStorage,
    storageKey: authStorageKey(backendUrl),
    setTimeout: (fn, ms) => window.setTimeout(fn, ms),
    clearTimeout: (handle) => window.clearTimeout(handle as number),
  });
}
