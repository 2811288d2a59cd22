// The one supabase-js client of the app; every backend call goes through it.
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import type { BackendConfig } from './config.ts';
import type { Database } from './database.ts';

/** The app's client, typed by the schema: a query's answer has the columns it selected, with their types. */
export type ForumClient = SupabaseClient<Database>;

/** SPEC §9: every backend request times out after 30 s. */
export const REQUEST_TIMEOUT_MS = 30_000;

export function fetchWithTimeout(timeoutMs: number): typeof fetch {
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
