// Builds the app's session store over the real supabase-js client, the browser's storage and timers.
import type { SupabaseClient } from '@supabase/supabase-js';
import { authStorageKey } from '../../backend/auth.ts';
import { fetchOwnProfile, insertProfile, updateProfile } from '../../backend/profiles.ts';
import { createSessionStore, type SessionStore } from './sessionStore.ts';

export function createAppSession(client: SupabaseClient, backendUrl: string): SessionStore {
  return createSessionStore({
    auth: client.auth,
    loadProfile: (id) => fetchOwnProfile(client, id),
    createProfile: (row) => insertProfile(client, row),
    saveProfile: (id, changes) => updateProfile(client, id, changes),
    storage: window.localStorage,
    storageKey: authStorageKey(backendUrl),
    setTimeout: (fn, ms) => window.setTimeout(fn, ms),
    clearTimeout: (handle) => window.clearTimeout(handle as number),
  });
}
