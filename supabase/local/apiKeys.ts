// The publishable (sb_publishable_…) and secret (sb_secret_…) API keys, and the checks hosted Supabase's API gateway
// makes of the key a request carries before any service sees it: a secret key from a browser, an unknown new-style
// key, and a legacy JWT key once the legacy keys are off are each refused with hosted's 401.
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { JwtClaims } from './db.ts';

type RequestHeaders = Record<string, string | string[] | undefined>;

export const PUBLISHABLE_PREFIX = 'sb_publishable_';
export const SECRET_PREFIX = 'sb_secret_';

/** The API key settings of `npm start` (SUPABASE_PUBLISHABLE_KEY, SUPABASE_SECRET_KEY, LEGACY_API_KEYS). */
export interface ApiKeySettings {
  /** Unset: one derived from the JWT secret, so it stays the same across restarts of one data folder. */
  publishableKey?: string;
  secretKey?: string;
  /** false: the anon and service_role JWT keys are refused, as a hosted project whose legacy keys are disabled. */
  legacyKeys?: boolean;
}

/** The keys a stack accepts besides the JWTs its secret signs. */
export interface ApiKeys {
  publishableKey: string;
  secretKey: string;
  legacyKeys: boolean;
  /** The legacy anon and service_role keys themselves. */
  legacy: readonly string[];
}

/** Hosted's shape: the prefix, 22 characters, an underscore and 8 more. */
function derivedKey(prefix: string, jwtSecret: string, purpose: string): string {
  const mac = createHmac('sha256', jwtSecret).update(purpose).digest('base64url');
  return `${prefix}${mac.slice(0, 22)}_${mac.slice(22, 30)}`;
}

function checkedKey(value: string | undefined, prefix: string, name: string): string | undefined {
  if (value === undefined) return undefined;
  if (!value.startsWith(prefix) || value.length < prefix.length + 16 || /\s/.test(value)) {
    throw new Error(`${name} must start with ${prefix} and hold at least 16 more characters, none of them spaces`);
  }
  return value;
}

/** Refuses a key given in the wrong shape, before the stack opens anything. */
export function checkApiKeySettings(settings: ApiKeySettings): void {
  checkedKey(settings.publishableKey, PUBLISHABLE_PREFIX, 'SUPABASE_PUBLISHABLE_KEY');
  checkedKey(settings.secretKey, SECRET_PREFIX, 'SUPABASE_SECRET_KEY');
}

export function makeApiKeys(jwtSecret: string, legacy: readonly string[], settings: ApiKeySettings = {}): ApiKeys {
  const publishableKey = checkedKey(settings.publishableKey, PUBLISHABLE_PREFIX, 'SUPABASE_PUBLISHABLE_KEY');
  const secretKey = checkedKey(settings.secretKey, SECRET_PREFIX, 'SUPABASE_SECRET_KEY');
  return {
    publishableKey: publishableKey ?? derivedKey(PUBLISHABLE_PREFIX, jwtSecret, 'publishable'),
    secretKey: secretKey ?? derivedKey(SECRET_PREFIX, jwtSecret, 'secret'),
    legacyKeys: settings.legacyKeys ?? true,
    legacy,
  };
}

/** Equal strings, in a time that does not tell where they differ (the digests are of equal length). */
function sameKey(a: string, b: string): boolean {
  const digest = (s: string) => createHash('sha256').update(s).digest();
  return timingSafeEqual(digest(a), digest(b));
}

/** The claims a publishable or secret key stands for: the anon or the service_role role, as hosted maps them. */
export function apiKeyClaims(keys: ApiKeys, token: string): JwtClaims | undefined {
  if (token.startsWith(PUBLISHABLE_PREFIX) && sameKey(token, keys.publishableKey)) return { role: 'anon' };
  if (token.startsWith(SECRET_PREFIX) && sameKey(token, keys.secretKey)) return { role: 'service_role' };
  return undefined;
}

/** A legacy JWT key while the legacy keys are off. */
export const isDisabledLegacyKey = (keys: ApiKeys, token: string): boolean =>
  !keys.legacyKeys && keys.legacy.some((key) => sameKey(token, key));

/** The gateway's refusal: its status, its JSON body and its sb-error-code header. */
export interface KeyRefusal {
  status: 401;
  code: string;
  body: { message: string; hint: string };
}

const refusal = (code: string, message: string, hint: string): KeyRefusal => ({
  status: 401,
  code,
  body: { message, hint },
});

/** Hosted matches a browser on its User-Agent: every browser's starts with Mozilla/. */
function fromBrowser(headers: RequestHeaders): boolean {
  const agent = headers['user-agent'];
  return /^Mozilla\//.test((Array.isArray(agent) ? agent[0] : agent) ?? '');
}

/**
 * Hosted's gateway's check of the keys of a request (its `apikey` header or parameter, and its bearer token):
 * undefined when it may go on to the service, else the refusal.
 */
export function apiKeyRefusal(
  keys: ApiKeys,
  credentials: { apikey?: string; bearer?: string },
  headers: RequestHeaders,
): KeyRefusal | undefined {
  const given = [credentials.apikey, credentials.bearer].filter((value): value is string => value !== undefined);
  if (given.some((value) => value.startsWith(SECRET_PREFIX)) && fromBrowser(headers)) {
    return refusal(
      'UNAUTHORIZED_INVALID_API_KEY_TYPE',
      'Forbidden use of secret API key in browser',
      'Secret API keys can only be used in a protected environment and should never be used in a browser. ' +
        'Delete this secret API key immediately!',
    );
  }
  if (given.some((value) => isDisabledLegacyKey(keys, value))) {
    return refusal(
      'UNAUTHORIZED_LEGACY_API_KEY',
      'Legacy API keys are disabled',
      'Your legacy API keys (anon, service_role) are disabled on this stack (LEGACY_API_KEYS=off). ' +
        'Re-enable them, or use the new publishable and secret API keys.',
    );
  }
  const apikey = credentials.apikey;
  if (apikey !== undefined && apikey.startsWith('sb_') && !apiKeyClaims(keys, apikey)) {
    return refusal('UNAUTHORIZED_INVALID_API_KEY', 'Invalid API key', 'Double check your Supabase API key.');
  }
  return undefined;
}
