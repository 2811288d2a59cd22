// A client for a worker, which has no session of its own.
import { createClient } from '@supabase/supabase-js';
import type { BackendConfig } from './config.ts';
import type { Database } from './database.ts';
import { fetchWithTimeout, REQUEST_TIMEOUT_MS } from './client.ts';

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
