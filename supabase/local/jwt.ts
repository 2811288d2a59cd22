// Supabase-style JWTs: the anon and service keys and member access tokens, all HS256 with the project's secret.
import { SignJWT, jwtVerify, errors } from 'jose';
import type { JwtClaims } from './db.ts';

type RequestHeaders = Record<string, string | string[] | undefined>;

export const ISSUER_PATH = '/auth/v1';

export interface JwtKeys {
  secret: Uint8Array;
  anonKey: string;
  serviceKey: string;
  issuer: string;
}

export async function makeKeys(secret: string, siteUrl: string): Promise<JwtKeys> {
  const key = new TextEncoder().encode(secret);
  // Long-lived, like a project's API keys; iat is fixed so the keys are stable across restarts.
  const apiKey = (role: string) =>
    new SignJWT({ role, iss: 'supabase-local' })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuedAt(1_700_000_000)
      .setExpirationTime(4_102_444_800)
      .sign(key);
  return {
    secret: key,
    anonKey: await apiKey('anon'),
    serviceKey: await apiKey('service_role'),
    issuer: siteUrl + ISSUER_PATH,
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
 * `now` (milliseconds; the system's time unless a service keeps its own clock).
 */
export async function verifyJwt(keys: JwtKeys, token: string | undefined, now?: number): Promise<JwtCheck> {
  if (!token) return { ok: false, failure: 'missing' };
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
