// The project's API keys as hosted Supabase hands them to a function: the publishable and secret keys as JSON objects
// of named keys (SUPABASE_PUBLISHABLE_KEYS, SUPABASE_SECRET_KEYS), the single keys of the CLI's local development and
// self-hosting (SUPABASE_PUBLISHABLE_KEY, SUPABASE_SECRET_KEY), and the legacy JWT keys (SUPABASE_ANON_KEY,
// SUPABASE_SERVICE_ROLE_KEY), which are still set when a project has turned them off. The new keys come first.
import type { Env } from './env.ts';

export interface ProjectKeys {
  /** The key members' calls go out with, as the anon role: the publishable key, else the legacy anon key. */
  publicKey?: string;
  /** The key of the function's own work, as the service role: the secret key named default, else the legacy one. */
  serviceKey?: string;
  /** Every key whose holder is the service role: each secret key, and the legacy service_role key. */
  serviceKeys: string[];
}

/** The keys of a JSON object of named keys, the one named default first; a value that is no such object is refused. */
function namedKeys(env: Env, name: string): string[] | string {
  const text = env(name);
  if (!text) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    return `${name} is not a JSON object of named keys`;
  }
  const keys = Object.entries(parsed).filter((entry): entry is [string, string] => typeof entry[1] === 'string');
  return [...keys.filter(([key]) => key === 'default'), ...keys.filter(([key]) => key !== 'default')]
    .map(([, value]) => value)
    .filter((value) => value !== '');
}

/** The project's keys, or why they cannot be read. */
export function readProjectKeys(env: Env): ProjectKeys | string {
  const publishable = namedKeys(env, 'SUPABASE_PUBLISHABLE_KEYS');
  if (typeof publishable === 'string') return publishable;
  const named = namedKeys(env, 'SUPABASE_SECRET_KEYS');
  if (typeof named === 'string') return named;
  const secrets = [...named, env('SUPABASE_SECRET_KEY') ?? ''].filter((key) => key !== '');
  const legacyService = env('SUPABASE_SERVICE_ROLE_KEY') || undefined;
  return {
    publicKey: publishable[0] ?? (env('SUPABASE_PUBLISHABLE_KEY') || env('SUPABASE_ANON_KEY') || undefined),
    serviceKey: secrets[0] ?? legacyService,
    serviceKeys: legacyService ? [...secrets, legacyService] : secrets,
  };
}
