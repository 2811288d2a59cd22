// Sessions as GoTrue keeps them: an auth.sessions row, its rotating refresh tokens, and access tokens that name it.
import { randomBytes, randomUUID } from 'node:crypto';
import type { Queryable } from '../db.ts';
import type { StackContext } from '../context.ts';
import type { ApiError } from '../http.ts';
import { signAccessToken } from '../jwt.ts';
import { authError } from './errors.ts';
import { findUserById, isBanned, userJson, type UserRow } from './users.ts';

/** Within this many seconds a revoked refresh token still answers with its successor: two tabs refreshing at once. */
export const REUSE_INTERVAL_SECONDS = 10;

export type AuthMethod =
  'password' | 'otp' | 'recovery' | 'email/signup' | 'magiclink' | 'email_change' | 'pkce' | 'web3';

export interface SessionJson {
  access_token: string;
  token_type: 'bearer';
  expires_in: number;
  expires_at: number;
  refresh_token: string;
  user: Record<string, unknown>;
}

const newRefreshToken = () => randomBytes(16).toString('base64url');

async function insertRefreshToken(tx: Queryable, userId: string, sessionId: string, parent: string | null) {
  const token = newRefreshToken();
  await tx.query(
    'insert into auth.refresh_tokens (token, user_id, session_id, parent, revoked) values ($1, $2, $3, $4, false)',
    [token, userId, sessionId, parent],
  );
  return token;
}

async function sessionJson(
  tx: Queryable,
  ctx: StackContext,
  user: UserRow,
  sessionId: string,
  refreshToken: string,
): Promise<SessionJson> {
  const { rows: amr } = await tx.query<{ method: string; at: Date | string }>(
    `select authentication_method as method, created_at as at from auth.mfa_amr_claims
      where session_id = $1 order by created_at desc`,
    [sessionId],
  );
  const { rows: session } = await tx.query<{ aal: string | null }>('select aal from auth.sessions where id = $1', [
    sessionId,
  ]);
  const now = Math.floor(Date.now() / 1000);
  const accessToken = await signAccessToken(
    ctx.keys,
    {
      sub: user.id,
      email: user.email ?? '',
      phone: user.phone ?? '',
      app_metadata: user.raw_app_meta_data ?? {},
      user_metadata: user.raw_user_meta_data ?? {},
      role: user.role ?? 'authenticated',
      aal: session[0]?.aal ?? 'aal1',
      amr: amr.map((a) => ({ method: a.method, timestamp: Math.floor(new Date(a.at).getTime() / 1000) })),
      session_id: sessionId,
      is_anonymous: user.is_anonymous,
    },
    ctx.jwtExpiry,
  );
  return {
    access_token: accessToken,
    token_type: 'bearer',
    expires_in: ctx.jwtExpiry,
    expires_at: now + ctx.jwtExpiry,
    refresh_token: refreshToken,
    user: await userJson(tx, user),
  };
}

/** Signs the user in: a new session, its first refresh token, and last_sign_in_at. */
export async function startSession(
  tx: Queryable,
  ctx: StackContext,
  userId: string,
  method: AuthMethod,
): Promise<SessionJson> {
  const sessionId = randomUUID();
  await tx.query("insert into auth.sessions (id, user_id, aal) values ($1, $2, 'aal1')", [sessionId, userId]);
  await tx.query(
    'insert into auth.mfa_amr_claims (id, session_id, authentication_method) values (gen_random_uuid(), $1, $2)',
    [sessionId, method],
  );
  await tx.query('update auth.users set last_sign_in_at = now() where id = $1', [userId]);
  await tx.query('update auth.identities set last_sign_in_at = now() where user_id = $1', [userId]);
  const user = await findUserById(tx, userId);
  if (!user) throw authError(404, 'user_not_found', 'User not found');
  return sessionJson(tx, ctx, user, sessionId, await insertRefreshToken(tx, userId, sessionId, null));
}

interface RefreshRow {
  token: string;
  user_id: string;
  revoked: boolean;
  session_id: string | null;
  revoked_seconds_ago: number;
  not_after: Date | string | null;
}

const notFound = () => authError(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');

/**
 * The refresh_token grant: rotate the token; a reused one is refused and ends its session, as GoTrue does. That refusal
 * is returned, not thrown, so the transaction that ended the session still commits.
 */
export async function refreshSession(tx: Queryable, ctx: StackContext, token: string): Promise<SessionJson | ApiError> {
  const { rows } = await tx.query<RefreshRow>(
    `select rt.token, rt.user_id, rt.revoked, rt.session_id, s.not_after,
            extract(epoch from now() - rt.updated_at)::float8 as revoked_seconds_ago
       from auth.refresh_tokens rt join auth.sessions s on s.id = rt.session_id
      where rt.token = $1 for update of rt`,
    [token],
  );
  const row = rows[0];
  if (!row || !row.session_id) throw notFound();
  const sessionId = row.session_id;
  if (row.not_after !== null && new Date(row.not_after).getTime() < Date.now()) {
    throw authError(400, 'session_expired', 'Invalid Refresh Token: Session Expired');
  }
  const user = await findUserById(tx, row.user_id);
  if (!user) throw notFound();
  if (isBanned(user)) throw authError(400, 'user_banned', 'Invalid Refresh Token: User Banned');

  if (row.revoked) {
    if (row.revoked_seconds_ago <= REUSE_INTERVAL_SECONDS) {
      const { rows: active } = await tx.query<{ token: string }>(
        `select token from auth.refresh_tokens where session_id = $1 and not revoked order by id desc limit 1`,
        [sessionId],
      );
      if (active[0]) return sessionJson(tx, ctx, user, sessionId, active[0].token);
    }
    // A token used twice may be stolen: end the whole session so neither holder keeps it.
    await tx.query('delete from auth.sessions where id = $1', [sessionId]);
    return authError(400, 'refresh_token_already_used', 'Invalid Refresh Token: Already Used');
  }

  await tx.query('update auth.refresh_tokens set revoked = true, updated_at = now() where token = $1', [token]);
  await tx.query('update auth.sessions set refreshed_at = now(), updated_at = now() where id = $1', [sessionId]);
  return sessionJson(tx, ctx, user, sessionId, await insertRefreshToken(tx, user.id, sessionId, token));
}

export async function endSessions(
  tx: Queryable,
  userId: string,
  scope: 'global' | 'local' | 'others',
  sessionId: string | undefined,
): Promise<void> {
  if (scope === 'global' || !sessionId) {
    await tx.query('delete from auth.sessions where user_id = $1', [userId]);
  } else if (scope === 'local') {
    await tx.query('delete from auth.sessions where id = $1', [sessionId]);
  } else {
    await tx.query('delete from auth.sessions where user_id = $1 and id <> $2', [userId, sessionId]);
  }
}
