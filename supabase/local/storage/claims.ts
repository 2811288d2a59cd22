// The caller of a storage request: the bearer JWT (or the apikey) verified, so storage.objects RLS sees its claims.
import { errors, jwtVerify } from 'jose';
import type { StackContext } from '../context.ts';
import type { JwtClaims } from '../db.ts';
import type { ApiRequest } from '../http.ts';
import { bearerOf } from '../jwt.ts';
import { storageError } from './errors.ts';

export async function storageClaims(req: ApiRequest, ctx: StackContext): Promise<JwtClaims> {
  const token = bearerOf(req.headers);
  if (!token) throw storageError(401, '401', 'Unauthorized', "headers must have required property 'authorization'");
  try {
    const { payload } = await jwtVerify(token, ctx.keys.secret, { algorithms: ['HS256'] });
    return { ...payload, role: typeof payload.role === 'string' ? payload.role : 'anon' };
  } catch (e) {
    const message = e instanceof errors.JWTExpired ? 'jwt expired' : 'invalid signature';
    throw storageError(401, '401', 'Unauthorized', message);
  }
}
