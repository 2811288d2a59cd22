// A hand-written fake of supabase-js's auth events and the store's other dependencies, for the session store's tests.
import type { AuthChangeEvent, Session } from '@supabase/supabase-js';
import { vi } from 'vitest';
import type { Profile } from '../../backend/profiles.ts';
import { createSessionStore, type SessionAuth, type SessionDeps } from './sessionStore.ts';

type Listener = (event: AuthChangeEvent, session: Session | null) => void;

export function sessionFor(id: string, email: string): Session {
  return {
    access_token: `token-${id}`,
    refresh_token: `refresh-${id}`,
    token_type: 'bearer',
    expires_in: 3600,
    user: { id, email, app_metadata: {}, user_metadata: {}, aud: 'authenticated', created_at: '' },
  };
}

export function profileFor(id: string, username: string): Profile {
  return {
    id,
    username,
    display_name: username.toUpperCase(),
    bio: null,
    avatar_url: null,
    wallet_address: null,
    wallet_verified: false,
    role: 'moderator',
    reputation: 12,
    is_banned: false,
    thread_count: 0,
    tips_received: 0,
    reply_count: 0,
    last_seen_at: null,
    created_at: '2026-01-01T00:00:00Z',
    updated_at: '2026-01-01T00:00:00Z',
  };
}

export function fakeAuth(
  stored: { session?: Session | null; refreshed?: Session | null; hang?: boolean; signUpSignsIn?: boolean } = {},
) {
  const listeners = new Set<Listener>();
  const calls: string[] = [];
  const auth = {
    getSession: () => {
      calls.push('getSession');
      if (stored.hang) return new Promise(() => undefined);
      return Promise.resolve({ data: { session: stored.session ?? null }, error: null });
    },
    refreshSession: async () => {
      calls.push('refreshSession');
      return { data: { session: stored.refreshed ?? null, user: null }, error: null };
    },
    onAuthStateChange: (listener: Listener) => {
      listeners.add(listener);
      return { data: { subscription: { unsubscribe: () => listeners.delete(listener) } } };
    },
    signInWithPassword: async ({ email, password }: { email: string; password: string }) => {
      calls.push('signIn');
      if (password !== 'right-password')
        return { data: { session: null, user: null }, error: { message: 'Invalid login credentials' } };
      const session = sessionFor('u-signed-in', email);
      return { data: { session, user: session.user }, error: null };
    },
    signUp: async ({ email }: { email: string }) => {
      calls.push('signUp');
      const session = sessionFor('u-new', email);
      return { data: { session: stored.signUpSignsIn ? session : null, user: session.user }, error: null };
    },
    signOut: async () => {
      calls.push('signOut');
      return { error: { message: 'network down' } };
    },
  };
  return {
    auth: auth as unknown as SessionAuth,
    calls,
    emit: (event: AuthChangeEvent, session: Session | null) => listeners.forEach((l) => l(event, session)),
  };
}

export function setup(fake: ReturnType<typeof fakeAuth>, overrides: Partial<SessionDeps> = {}) {
  const storage = new Map<string, string>();
  const log = { error: vi.fn(), warn: vi.fn() };
  const deps: SessionDeps = {
    auth: fake.auth,
    loadProfile: async (id) => profileFor(id, 'fetched'),
    createProfile: vi.fn(async () => undefined),
    saveProfile: async (id, changes) => ({ ...profileFor(id, 'fetched'), ...changes }) as Profile,
    storage: { getItem: (k) => storage.get(k) ?? null, removeItem: (k) => void storage.delete(k) },
    storageKey: 'sb-test-auth-token',
    setTimeout: (fn, ms) => setTimeout(fn, ms),
    clearTimeout: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
    log,
    ...overrides,
  };
  const store = createSessionStore(deps);
  return { store, storage, log, deps };
}
