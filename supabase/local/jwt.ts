// Supabase-style JWTs: the anon and service keys and member access tokens, all HS256 with the project's secret; and
// the publishable and secret keys (apiKeys.ts), which stand for the anon and service_role roles wherever a token goes.
import { SignJWT, jwtVerify, errors } from 'jose';
import { apiKeyClaims, isDisabledLegacyKey, makeApiKeys, type ApiKeys, type ApiKeySettings } from './apiKeys.ts';
import type { JwtClaims } from './db.ts';

/** The gateway's check of a request's keys, for the services that take a key without the HTTP gateway (realtime). */
export { apiKeyRefusal } from './apiKeys.ts';

type RequestHeaders = Record<string, string | string[] | undefined>;

export const ISSUER_PATH = '/auth/v1';

export interface JwtKeys {
  secret: Uint8Array;
  anonKey: string;
  serviceKey: string;
  issuer: string;
  /** The publishable and secret keys, and whether the legacy anon and service keys above are still accepted. */
  api: ApiKeys;
}

export async function makeKeys(secret: string, siteUrl: string, apiKeySettings?: ApiKeySettings): Promise<JwtKeys> {
  const key = new TextEncoder().encode(secret);
  // Long-lived, like a project's API keys; iat is fixed so the keys are stable across restarts.
  const apiKey = (role: string) =>
    new SignJWT({ role, iss: 'supabase-local' })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuedAt(1_700_000_000)
      .setExpirationTime(4_102_444_800)
      .sign(key);
  const anonKey = await apiKey('anon');
  const serviceKey = await apiKey('service_role');
  return {
    secret: key,
    anonKey,
    serviceKey,
    issuer: siteUrl + ISSUER_PATH,
    api: makeApiKeys(secret, [anonKey, serviceKey], apiKeySettings),
  };
}

export async function signAccessToken(keys: JwtKeys, claims: JwtClaims, expiresIn: number): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ ...claims })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuer(keys.issuer)
    .setAudience('authenticated')
    .setIssuedAt(now)
    .setExpirationTime(now + expiresIn)
    .sign(keys.secret);
}

/** Why a token was not accepted; each service words this in its own protocol's error body. */
export type JwtFailure = 'missing' | 'expired' | 'invalid';

export type JwtCheck = { ok: true; claims: JwtClaims } | { ok: false; failure: JwtFailure };

/**
 * The one check of a bearer token for every service: signed with the project's secret (HS256) and not expired at
 * `now` (milliseconds; the system's time unless a service keeps its own clock). A publishable or secret key passes as
 * its role; a legacy key does not once the legacy keys are off.
 */
export async function verifyJwt(keys: JwtKeys, token: string | undefined, now?: number): Promise<JwtCheck> {
  if (!token) return { ok: false, failure: 'missing' };
  const apiKey = apiKeyClaims(keys.api, token);
  if (apiKey) return { ok: true, claims: apiKey };
  if (isDisabledLegacyKey(keys.api, token)) return { ok: false, failure: 'invalid' };
  try {
    const { payload } = await jwtVerify(token, keys.secret, {
      algorithms: ['HS256'],
      ...(now === undefined ? {} : { currentDate: new Date(now) }),
    });
    // A good signature without a role claim is the anon role, as PostgREST does with Supabase's db-anon-role: the
    // least-privileged role, so a token minted without a role gets what any visitor gets, and GoTrue no admin right.
    return { ok: true, claims: { ...payload, role: typeof payload.role === 'string' ? payload.role : 'anon' } };
  } catch (e) {
    return { ok: false, failure: e instanceof errors.JWTExpired ? 'expired' : 'invalid' };
  }
}

/** The token of an `Authorization: Bearer` header, which is all GoTrue reads. */
export function authorizationBearer(headers: RequestHeaders): string | undefined {
  const auth = headers['authorization'];
  const value = Array.isArray(auth) ? auth[0] : auth;
  return value && /^bearer\s+/i.test(value) ? value.replace(/^bearer\s+/i, '').trim() : undefined;
}

/** The token of a PostgREST or Storage request: the Authorization bearer, else the apikey header (supabase-js sends both). */
export function bearerOf(headers: RequestHeaders): string | undefined {
  const bearer = authorizationBearer(headers);
  if (bearer !== undefined) return bearer;
  const apikey = headers['apikey'];
  return Array.isArray(apikey) ? apikey[0] : apikey;
}
