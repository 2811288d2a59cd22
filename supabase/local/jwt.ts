// Supabase-style JWTs: the anon and service keys and member access tokens, all HS256 with the project's secret.
import { SignJWT, jwtVerify, errors } from 'jose';
import type { JwtClaims } from './db.ts';
import { ApiError } from './http.ts';

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

/** Verifies a bearer token; throws a 401 ApiError with a PostgREST-shaped body when it is missing or bad. */
export async function verifyToken(keys: JwtKeys, token: string | undefined): Promise<JwtClaims> {
  if (!token) throw new ApiError(401, { code: 'PGRST302', message: 'Anonymous access is disabled' }, 'no_jwt');
  try {
    const { payload } = await jwtVerify(token, keys.secret, { algorithms: ['HS256'] });
    if (typeof payload.role !== 'string') throw new Error('JWT has no role claim');
    return payload as JwtClaims;
  } catch (e) {
    const expired = e instanceof errors.JWTExpired;
    throw new ApiError(
      401,
      {
        code: expired ? 'PGRST303' : 'PGRST301',
        message: expired ? 'JWT expired' : 'JWSError (CompactDecodeError Invalid number of parts: Expected 3 parts)',
        details: null,
        hint: null,
      },
      'bad_jwt',
    );
  }
}

/** The claims of a request: the Authorization bearer, else the apikey header (supabase-js sends both). */
export function bearerOf(headers: Record<string, string | string[] | undefined>): string | undefined {
  const auth = headers['authorization'];
  const value = Array.isArray(auth) ? auth[0] : auth;
  if (value && /^bearer\s+/i.test(value)) return value.replace(/^bearer\s+/i, '').trim();
  const apikey = headers['apikey'];
  return Array.isArray(apikey) ? apikey[0] : apikey;
}
