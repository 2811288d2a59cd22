// Unit tests of the local stack's one JWT check, and of where each service finds the token.
import { SignJWT } from 'jose';
import { beforeAll, describe, expect, test } from 'vitest';
import {
  authorizationBearer,
  bearerOf,
  makeKeys,
  signAccessToken,
  verifyJwt,
  type JwtKeys,
} from '../../supabase/local/jwt.ts';

const SUB = '8d0e2a4c-1f3b-4c5d-9e6f-7a8b9c0d1e2f';
let keys: JwtKeys;
beforeAll(async () => {
  keys = await makeKeys('a-local-test-secret-of-at-least-32-chars', 'http://127.0.0.1:1');
});

function signed(claims: Record<string, unknown>, secret: string, expiresAt = Math.floor(Date.now() / 1000) + 60) {
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setExpirationTime(expiresAt)
    .sign(new TextEncoder().encode(secret));
}

describe('verifyJwt', () => {
  test('a good access token gives its claims', async () => {
    const token = await signAccessToken(keys, { role: 'authenticated', sub: SUB }, 60);
    const check = await verifyJwt(keys, token);
    expect(check).toMatchObject({ ok: true, claims: { role: 'authenticated', sub: SUB, aud: 'authenticated' } });
  });

  test('the anon and service keys are good tokens with their roles', async () => {
    expect(await verifyJwt(keys, keys.anonKey)).toMatchObject({ ok: true, claims: { role: 'anon' } });
    expect(await verifyJwt(keys, keys.serviceKey)).toMatchObject({ ok: true, claims: { role: 'service_role' } });
  });

  test('an expired token is refused as expired', async () => {
    const token = await signAccessToken(keys, { role: 'authenticated', sub: SUB }, -60);
    expect(await verifyJwt(keys, token)).toEqual({ ok: false, failure: 'expired' });
  });

  test('a token signed with another secret is refused as invalid', async () => {
    const token = await signed({ role: 'service_role' }, 'another-secret-of-at-least-32-characters');
    expect(await verifyJwt(keys, token)).toEqual({ ok: false, failure: 'invalid' });
  });

  test('what is not a JWT is refused as invalid', async () => {
    expect(await verifyJwt(keys, 'not.a.jwt')).toEqual({ ok: false, failure: 'invalid' });
  });

  test('no token, or an empty one, is missing', async () => {
    expect(await verifyJwt(keys, undefined)).toEqual({ ok: false, failure: 'missing' });
    expect(await verifyJwt(keys, '')).toEqual({ ok: false, failure: 'missing' });
  });

  test('a good token without a role claim is the anon role', async () => {
    const token = await signed({ sub: SUB }, 'a-local-test-secret-of-at-least-32-chars');
    expect(await verifyJwt(keys, token)).toMatchObject({ ok: true, claims: { role: 'anon', sub: SUB } });
  });
});

describe('where the token is read', () => {
  test('PostgREST and Storage take the Authorization bearer, else the apikey', () => {
    expect(bearerOf({ authorization: 'Bearer abc', apikey: 'key' })).toBe('abc');
    expect(bearerOf({ authorization: 'bearer   abc ', apikey: 'key' })).toBe('abc');
    expect(bearerOf({ apikey: 'key' })).toBe('key');
    expect(bearerOf({ authorization: 'Basic abc', apikey: 'key' })).toBe('key');
  });

  test('GoTrue takes only the Authorization bearer', () => {
    expect(authorizationBearer({ authorization: 'Bearer abc', apikey: 'key' })).toBe('abc');
    expect(authorizationBearer({ apikey: 'key' })).toBeUndefined();
  });
});
