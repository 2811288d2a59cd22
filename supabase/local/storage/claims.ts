// The caller of a storage request: the bearer JWT (or the apikey) verified, so storage.objects RLS sees its claims.
import type { StackContext } from '../context.ts';
import type { JwtClaims } from '../db.ts';
import type { ApiRequest } from '../http.ts';
import { bearerOf, verifyJwt, type JwtFailure } from '../jwt.ts';
import { storageError } from './errors.ts';

const REFUSAL: Record<JwtFailure, string> = {
  missing: "headers must have required property 'authorization'",
  expired: 'jwt expired',
  invalid: 'invalid signature',
};

export async function storageClaims(req: ApiRequest, ctx: StackContext): Promise<JwtClaims> {
  const check = await verifyJwt(ctx.keys, bearerOf(req.headers));
  if (!check.ok) throw storageError(401, '401', 'Unauthorized', REFUSAL[check.failure]);
  return check.claims;
}
