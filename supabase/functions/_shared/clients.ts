// Who calls a function, and the service role's client for the work members may not do themselves, as Supabase
// documents for Edge Functions: the caller's JWT is checked by the auth server, never just decoded here.
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import type { Env } from './env.ts';
import { readProjectKeys } from './projectKeys.ts';

export interface ProjectSettings {
  supabaseUrl: string;
  /** The publishable key, else the legacy anon key (projectKeys.ts). */
  publicKey: string;
  /** The secret key, else the legacy service_role key. */
  serviceKey: string;
  /** Every key whose holder is the service role. */
  serviceKeys: string[];
}

const noSession = { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false };

/** The project's URL and keys (hosted Supabase injects them), or what is missing. */
export function readProjectSettings(env: Env): ProjectSettings | string {
  const supabaseUrl = env('SUPABASE_URL');
  const keys = readProjectKeys(env);
  if (typeof keys === 'string') return keys;
  const { publicKey, serviceKey, serviceKeys } = keys;
  if (!supabaseUrl || !publicKey || !serviceKey) {
    return 'SUPABASE_URL, a publishable key (SUPABASE_PUBLISHABLE_KEYS or SUPABASE_ANON_KEY) and a secret key (SUPABASE_SECRET_KEYS or SUPABASE_SERVICE_ROLE_KEY) are not all set';
  }
  return { supabaseUrl, publicKey, serviceKey, serviceKeys };
}

/**
 * The caller: a signed-in member's id; neither field for a visitor's key, a service key or a token the auth server
 * refuses; `keyRefused` when the API gateway refused the function's own key (one turned off, or another project's).
 */
export interface Caller {
  id?: string;
  keyRefused?: string;
}

export async function callerOf(req: Request, settings: ProjectSettings): Promise<Caller> {
  const authorization = req.headers.get('authorization') ?? '';
  const token = authorization.replace(/^bearer\s+/i, '');
  if (token === '' || token === authorization) return {};
  const client = createClient(settings.supabaseUrl, settings.publicKey, {
    global: { headers: { Authorization: authorization } },
    auth: noSession,
  });
  const { data, error } = await client.auth.getUser(token);
  if (!error) return { id: data.user.id };
  // The gateway's refusals of a key name it ("Legacy API keys are disabled", "Invalid API key"); GoTrue's of a token
  // do not.
  return error.status === 401 && /api key/i.test(error.message) ? { keyRefused: error.message } : {};
}

/** The answer of a function whose own key was refused: its set-up is wrong, not the caller. */
export const keyRefusedAnswer = (fn: string, why: string) =>
  `${fn} is not set up: the project refused the function's publishable key (${why})`;

export const serviceClient = (settings: ProjectSettings): SupabaseClient =>
  createClient(settings.supabaseUrl, settings.serviceKey, { auth: noSession });
