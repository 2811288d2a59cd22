// Who calls a function, and the service role's client for the work members may not do themselves, as Supabase
// documents for Edge Functions: the caller's JWT is checked by the auth server, never just decoded here.
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import type { Env } from './env.ts';

export interface ProjectSettings {
  supabaseUrl: string;
  anonKey: string;
  serviceRoleKey: string;
}

const noSession = { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false };

/** The project's URL and keys (hosted Supabase injects them), or the names of the missing ones. */
export function readProjectSettings(env: Env): ProjectSettings | string {
  const supabaseUrl = env('SUPABASE_URL');
  const anonKey = env('SUPABASE_ANON_KEY');
  const serviceRoleKey = env('SUPABASE_SERVICE_ROLE_KEY');
  if (!supabaseUrl || !anonKey || !serviceRoleKey) {
    return 'SUPABASE_URL, SUPABASE_ANON_KEY and SUPABASE_SERVICE_ROLE_KEY are not set';
  }
  return { supabaseUrl, anonKey, serviceRoleKey };
}

/** The signed-in member's id, or undefined for a visitor's key, a service key or a token the auth server refuses. */
export async function callerId(req: Request, settings: ProjectSettings): Promise<string | undefined> {
  const authorization = req.headers.get('authorization') ?? '';
  const token = authorization.replace(/^bearer\s+/i, '');
  if (token === '' || token === authorization) return undefined;
  const client = createClient(settings.supabaseUrl, settings.anonKey, {
    global: { headers: { Authorization: authorization } },
    auth: noSession,
  });
  const { data, error } = await client.auth.getUser(token);
  return error ? undefined : data.user.id;
}

export const serviceClient = (settings: ProjectSettings): SupabaseClient =>
  createClient(settings.supabaseUrl, settings.serviceRoleKey, { auth: noSession });
