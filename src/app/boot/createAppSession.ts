// Builds the app's session store over the real supabase-js client (still loading at first), the browser's storage
// and timers, and the mirror, whose copy of the member's profile stands in when the server cannot be asked.
import type { ForumClient } from '../../backend/client.ts';
import { authStorageKey } from '../../backend/auth.ts';
import type { Mirror } from '../../data/mirror.ts';
import { ownProfile } from '../../data/queries/people.ts';
import { lazyAuth } from './lazyAuth.ts';
import { createSessionStore, type SessionStore } from '../../state/session/sessionStore.ts';

// The profile calls load with the client they need, after the first screen.
const profiles = () => import('../../backend/profiles.ts');
const walletSignIn = () => import('../../backend/walletSignIn.ts');

export function createAppSession(
  client: Promise<ForumClient>,
  backendUrl: string,
  mirror: Mirror,
  visitorAtStart = false,
): SessionStore {
  return createSessionStore({
    visitorAtStart,
    auth: lazyAuth(client),
    loadProfile: async (id) => {
      try {
        return await (await profiles()).fetchOwnProfile(await client, id);
      } catch (error) {
        // Offline after a reload: the profile this device pulled beats a placeholder named after the email.
        const kept = await ownProfile(mirror, id);
        if (kept) return kept;
        throw error;
      }
    },
    keptProfile: (id) => ownProfile(mirror, id),
    createProfile: async (row) => (await profiles()).insertProfile(await client, row),
    usernameProblem: async (username) => (await profiles()).usernameProblem(await client, username),
    signInWithWallet: async () => (await walletSignIn()).signInWithWallet(await client),
    claimUsername: async (id, username) => (await walletSignIn()).claimUsername(await client, id, username),
    saveProfile: async (id, changes) => (await profiles()).updateProfile(await client, id, changes),
    storage: window.localStorage,
    storageKey: authStorageKey(backendUrl),
    setTimeout: (fn, ms) => window.setTimeout(fn, ms),
    clearTimeout: (handle) => window.clearTimeout(handle as number),
  });
}
