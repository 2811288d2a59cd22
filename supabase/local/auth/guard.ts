// Who is calling: the bearer JWT checked as GoTrue checks it, with its session and user still existing.
import type { StackContext } from '../context.ts';
import type { JwtClaims } from '../db.ts';
import type { ApiRequest } from '../http.ts';
import { authorizationBearer, verifyJwt } from '../jwt.ts';
import { authError } from './errors.ts';
import { findUserById, type UserRow } from './users.ts';

export interface Caller {
  claims: JwtClaims;
  user: UserRow;
  sessionId: string | undefined;
}

/** Verifies the Authorization bearer; a missing, expired or badly signed token is a 401 (auth-js then drops its session). */
export async function bearerClaims(req: ApiRequest, ctx: StackContext): Promise<JwtClaims> {
  const check = await verifyJwt(ctx.keys, authorizationBearer(req.headers));
  if (check.ok) return check.claims;
  if (check.failure === 'missing') {
    throw authError(401, 'no_authorization', 'This endpoint requires a valid Bearer token');
  }
  const why = check.failure === 'expired' ? 'token is expired' : 'signature is invalid';
  throw authError(401, 'bad_jwt', `invalid JWT: unable to parse or verify signature, ${why}`);
}

/** A signed-in user: the JWT's session must still exist, else session_not_found, which auth-js treats as signed out. */
export async function requireUser(req: ApiRequest, ctx: StackContext): Promise<Caller> {
  const claims = await bearerClaims(req, ctx);
  const sub = typeof claims.sub === 'string' ? claims.sub : '';
  if (!/^[0-9a-f-]{36}$/i.test(sub)) throw authError(403, 'bad_jwt', 'invalid claim: missing sub claim');
  const sessionId = typeof claims.session_id === 'string' ? claims.session_id : undefined;
  if (sessionId !== undefined) {
    const { rows } = await ctx.db.query('select 1 from auth.sessions where id::text = $1 and user_id = $2', [
      sessionId,
      sub,
    ]);
    if (rows.length === 0) {
      throw authError(403, 'session_not_found', 'Session from session_id claim in JWT does not exist');
    }
  }
  const user = await findUserById(ctx.db, sub);
  if (!user) throw authError(403, 'user_not_found', 'User from sub claim in JWT does not exist');
  return { claims, user, sessionId };
}

/** The admin API takes the service_role key (or supabase_admin), as GoTrue's admin roles. */
export async function requireAdmin(req: ApiRequest, ctx: StackContext): Promise<JwtClaims> {
  const claims = await bearerClaims(req, ctx);
  if (claims.role !== 'service_role' && claims.role !== 'supabase_admin') {
    throw authError(403, 'not_admin', 'User not allowed');
  }
  return claims;
}
