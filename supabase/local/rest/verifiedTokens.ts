// Remembers tokens already verified, until they expire: WebCrypto's HMAC check costs a thread-pool round trip per request.
import type { JwtClaims } from '../db.ts';
import type { ApiRequest } from '../http.ts';
import { bearerOf, verifyJwt, type JwtKeys } from '../jwt.ts';
import { jwtRefusal } from './errors.ts';

const MAX_ENTRIES = 1000;
const verified = new WeakMap<JwtKeys, Map<string, JwtClaims>>();

function stillValid(claims: JwtClaims): boolean {
  return typeof claims.exp !== 'number' || claims.exp * 1000 > Date.now();
}

/** The claims of the request's JWT; a missing, bad or expired token throws PostgREST's 401. */
export async function claimsOf(keys: JwtKeys, req: ApiRequest): Promise<JwtClaims> {
  const token = bearerOf(req.headers);
  let byToken = verified.get(keys);
  if (!byToken) {
    byToken = new Map();
    verified.set(keys, byToken);
  }
  const known = token === undefined ? undefined : byToken.get(token);
  if (known && stillValid(known)) return known;
  const check = await verifyJwt(keys, token);
  if (!check.ok) throw jwtRefusal(check.failure);
  // A full map is simply dropped: the working set of live tokens is small, and eviction order does not matter.
  if (byToken.size >= MAX_ENTRIES) byToken.clear();
  if (token !== undefined) byToken.set(token, check.claims);
  return check.claims;
}
