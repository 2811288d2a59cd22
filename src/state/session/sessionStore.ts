// The session (SPEC §4 "Session"): stored session, refresh, placeholder then fetched profile, 5 s failsafe, sign-out.
import type { AuthChangeEvent, Session, SupabaseClient, User } from '@supabase/supabase-js';
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { Profile, ProfileUpdate } from '../../backend/profiles.ts';
import { placeholderProfile } from './placeholderProfile.ts';
import type { SignUpInput } from './signUp.ts';

/** SPEC §9: loading ends after 5 s even if the session check never answers. */
const AUTH_LOADING_FAILSAFE_MS = 5_000;

export interface SessionState {
  session: Session | null;
  user: User | null;
  profile: Profile | null;
  /** True until the fetched profile replaces the placeholder. */
  profileIsPlaceholder: boolean;
  /** True while the profile fetch runs; a placeholder after it means the fetch failed or found no row. */
  profileLoading: boolean;
  loading: boolean;
  /** Set by a password-reset link: the member must choose a new password. */
  recovery: boolean;
  /** The local-storage entry that holds the session (read by the debug pages). */
  storageKey: string;
  start(): () => void;
  signIn(email: string, password: string): Promise<void>;
  signUp(input: SignUpInput): Promise<{ needsConfirmation: boolean }>;
  /** Sign-In with Ethereum through the page's wallet (window.ethereum). */
  signInWithWallet(): Promise<void>;
  /** The username a new wallet account picks on its first sign-in. */
  chooseUsername(username: string): Promise<void>;
  signOut(): Promise<void>;
  updateProfile(changes: ProfileUpdate): Promise<Profile | null>;
  /** A change of the member's profile made elsewhere (the outbox): the header shows it too. */
  profileChanged(changes: Partial<Profile>): void;
  endRecovery(): void;
}

/** The slice of supabase-js's auth client the store uses, so a test can hand it a small fake. */
export type SessionAuth = Pick<
  SupabaseClient['auth'],
  'getSession' | 'refreshSession' | 'onAuthStateChange' | 'signInWithPassword' | 'signUp' | 'signOut'
>;

export interface SessionDeps {
  auth: SessionAuth;
  loadProfile(userId: string): Promise<Profile | null>;
  /** The member's profile as this device last stored it (the mirror), shown at once instead of the placeholder. */
  keptProfile?(userId: string): Promise<Profile | null>;
  createProfile(row: { id: string; username: string; email: string | null }): Promise<void>;
  /** Why the server would refuse this username at sign-up (taken, say), or null; asked before the account is made. */
  usernameProblem?(username: string): Promise<string | null>;
  saveProfile(userId: string, changes: ProfileUpdate): Promise<Profile | null>;
  signInWithWallet?(): Promise<Session>;
  claimUsername?(userId: string, username: string): Promise<void>;
  storage: Pick<Storage, 'getItem' | 'removeItem'>;
  /** The local-storage entry supabase-js keeps the session under. */
  storageKey: string;
  /**
   * The app hydrates the page the server rendered for a visitor: the store's first state is a visitor's, not loading,
   * which the hydrating render reads (zustand hands React the first state for it). With a session stored, the state
   * after is loading until the session is read, and the render after hydration shows the member in place.
   */
  visitorAtStart?: boolean;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  log?: Pick<Console, 'error' | 'warn'>;
}

export type SessionStore = StoreApi<SessionState>;

export function createSessionStore(deps: SessionDeps): SessionStore {
  const log = deps.log ?? console;
  // Each session change bumps this, so a slow profile answer for an earlier user is dropped.
  let generation = 0;

  const store = createStore<SessionState>()((set, get) => {
    const loadProfileFor = async (user: User, gen: number) => {
      try {
        const profile = await deps.loadProfile(user.id);
        // A missing row keeps the placeholder (SPEC §4).
        if (profile && gen === generation) set({ profile, profileIsPlaceholder: false });
      } catch (error) {
        log.warn('Profile fetch failed; keeping the placeholder', error);
      } finally {
        if (gen === generation) set({ profileLoading: false });
      }
    };

    const applySession = (session: Session | null, kept: Profile | null = null) => {
      const user = session?.user ?? null;
      const sameUser = user !== null && get().user?.id === user.id;
      if (!user) {
        generation += 1;
        set({ session: null, user: null, profile: null, profileIsPlaceholder: false, profileLoading: false });
        return;
      }
      if (sameUser) {
        // A token refresh, or the event that echoes a sign-in: the profile is already there or on its way. supabase-js
        // announces a stored session (SIGNED_IN) before the stored-session check ends, so a kept profile comes here.
        const keptWins = kept?.id === user.id && get().profileIsPlaceholder;
        set(keptWins ? { session, user, profile: kept, profileIsPlaceholder: false } : { session, user });
        return;
      }
      generation += 1;
      const gen = generation;
      // A profile this device kept beats a placeholder named after the email (an offline reload shows it for good).
      const profile = kept && kept.id === user.id ? kept : placeholderProfile(user);
      set({ session, user, profile, profileIsPlaceholder: profile !== kept, profileLoading: true });
      // Deferred: supabase-js holds its auth lock while it runs listeners, and the fetch needs that lock.
      deps.setTimeout(() => void loadProfileFor(user, gen), 0);
    };

    const keptProfileOf = async (userId: string): Promise<Profile | null> => {
      try {
        return (await deps.keptProfile?.(userId)) ?? null;
      } catch (error) {
        log.warn('The kept profile could not be read', error);
        return null;
      }
    };

    const readStoredSession = async (): Promise<Session | null> => {
      const { data, error } = await deps.auth.getSession();
      if (error) log.warn('Stored session could not be read', error);
      if (data.session) return data.session;
      if (!deps.storage.getItem(deps.storageKey)) return null;
      const refreshed = await deps.auth.refreshSession();
      if (refreshed.error) log.warn('Stored session could not be refreshed', refreshed.error);
      return refreshed.data.session;
    };

    return {
      session: null,
      user: null,
      profile: null,
      profileIsPlaceholder: false,
      profileLoading: false,
      loading: deps.visitorAtStart !== true,
      recovery: false,
      storageKey: deps.storageKey,

      start() {
        const failsafe = deps.setTimeout(() => {
          if (get().loading) log.warn('Session check took over 5 s; showing the app anyway');
          set({ loading: false });
        }, AUTH_LOADING_FAILSAFE_MS);
        const { data } = deps.auth.onAuthStateChange((event: AuthChangeEvent, session: Session | null) => {
          if (event === 'INITIAL_SESSION') return; // readStoredSession covers it, with the refresh rule
          if (event === 'PASSWORD_RECOVERY') set({ recovery: true });
          applySession(session);
        });
        readStoredSession()
          .then(
            async (session) => applySession(session, session ? await keptProfileOf(session.user.id) : null),
            (error: unknown) => log.error('Session check failed', error),
          )
          .finally(() => {
            deps.clearTimeout(failsafe);
            set({ loading: false });
          });
        return () => {
          deps.clearTimeout(failsafe);
          data.subscription.unsubscribe();
        };
      },

      async signIn(email, password) {
        const { data, error } = await deps.auth.signInWithPassword({ email, password });
        if (error) {
          log.error('Sign-in failed', error);
          throw error;
        }
        applySession(data.session);
      },

      async signUp(input) {
        const flow = await import('./signUp.ts');
        return flow.signUp(deps, log, input, applySession);
      },

      async signInWithWallet() {
        if (!deps.signInWithWallet) throw new Error('Signing in with a wallet is not available here');
        applySession(await deps.signInWithWallet());
      },

      async chooseUsername(username) {
        const user = get().user;
        if (!user || !deps.claimUsername) throw new Error('No user logged in');
        const problem = await deps.usernameProblem?.(username);
        if (problem) throw new (await import('./signUp.ts')).UsernameRefused(problem);
        await deps.claimUsername(user.id, username);
        // The placeholder a wallet account started with named no one: the saved profile replaces it.
        const saved = await deps.loadProfile(user.id).catch(() => null);
        const profile = saved ?? get().profile;
        if (profile) set({ profile: { ...profile, username }, profileIsPlaceholder: saved === null });
      },

      async signOut() {
        try {
          const { error } = await deps.auth.signOut();
          if (error) log.error('Sign-out failed at the backend', error);
        } catch (error) {
          log.error('Sign-out failed', error);
        }
        deps.storage.removeItem(deps.storageKey);
        generation += 1;
        set({
          session: null,
          user: null,
          profile: null,
          profileIsPlaceholder: false,
          profileLoading: false,
          recovery: false,
        });
      },

      async updateProfile(changes) {
        const user = get().user;
        if (!user) throw new Error('No user logged in');
        try {
          const updated = await deps.saveProfile(user.id, changes);
          if (updated) set({ profile: { ...get().profile, ...updated }, profileIsPlaceholder: false });
          return updated;
        } catch (error) {
          log.error('Profile update failed', error);
          throw error;
        }
      },

      profileChanged(changes) {
        const profile = get().profile;
        if (profile) set({ profile: { ...profile, ...changes } });
      },

      endRecovery() {
        set({ recovery: false });
      },
    };
  });
  if (deps.visitorAtStart && deps.storage.getItem(deps.storageKey) !== null) store.setState({ loading: true });
  return store;
}
