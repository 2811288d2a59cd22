// The one supabase-js client of the app; every backend call goes through it.
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import type { BackendConfig } from './config.ts';

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

export function createBackendClient(config: BackendConfig): SupabaseClient {
  return createClient(config.url, config.anonKey, {
    auth: { persistSession: true, autoRefreshToken: true, detectSessionInUrl: true },
    global: { fetch: fetchWithTimeout(REQUEST_TIMEOUT_MS) },
  });
}
