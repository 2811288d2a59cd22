// The one supabase-js client of the app; every backend call goes through it.
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import type { BackendConfig } from './config.ts';
import type { Database } from './database.ts';

/** The app's client, typed by the schema: a query's answer has the columns it selected, with their types. */
export type ForumClient = SupabaseClient<Database>;

/** SPEC §9: every backend request times out after 30 s. */
export const REQUEST_TIMEOUT_MS = 30_000;

function fetchWithTimeout(timeoutMs: number): typeof fetch {
  return (input, init) => {
    const signal = init?.signal
      ? AbortSignal.any([init.signal, AbortSignal.timeout(timeoutMs)])
      : AbortSignal.timeout(timeoutMs);
    return fetch(input, { ...init, signal });
  };
}

export function createBackendClient(config: BackendConfig): ForumClient {
  return createClient<Database>(config.url, config.anonKey, {
    auth: { persistSession: true, autoRefreshToken: true, detectSessionInUrl: true },
    global: { fetch: fetchWithTimeout(REQUEST_TIMEOUT_MS) },
  });
}

/**
 * A client that calls as one access token (a member's, or the anon key's without one) and keeps no session: a
 * worker's, whose page owns the session and passes its token on.
 */
export function createTokenClient(config: Pick<BackendConfig, 'url' | 'anonKey'>, accessToken: string | null) {
  return createClient<Database>(config.url, config.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    global: {
      fetch: fetchWithTimeout(REQUEST_TIMEOUT_MS),
      ...(accessToken ? { headers: { Authorization: `Bearer ${accessToken}` } } : {}),
    },
  });
}
