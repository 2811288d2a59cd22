// POST /token: the password, refresh_token, pkce and web3 grants, each answering a session.
import { z } from 'zod';
import type { StackContext } from '../context.ts';
import { ApiError, type ApiRequest, type ApiResponse } from '../http.ts';
import { authError, invalidCredentials, validationFailed } from './errors.ts';
import { normalizeEmail, parseInput } from './input.ts';
import { checkPassword, dummyHash } from './passwords.ts';
import { exchangeAuthCode, type FlowMethod } from './pkce.ts';
import { refreshSession, startSession, type AuthMethod } from './sessions.ts';
import { findUserByEmail, isBanned } from './users.ts';
import { web3Grant } from './web3.ts';

const PasswordBody = z.object({
  email: z.string().nullish(),
  phone: z.string().nullish(),
  password: z.string().nullish(),
});
const RefreshBody = z.object({ refresh_token: z.string().nullish() });
const PkceBody = z.object({ auth_code: z.string().nullish(), code_verifier: z.string().nullish() });

const amrOfFlow: Record<FlowMethod, AuthMethod> = {
  'email/signup': 'email/signup',
  recovery: 'recovery',
  magiclink: 'magiclink',
  email_change: 'email_change',
};

async function passwordGrant(req: ApiRequest, ctx: StackContext): Promise<ApiResponse> {
  const body = parseInput(req, PasswordBody);
  await ctx.signInLimiter?.take(req.remoteAddress, body.email ?? body.phone ?? undefined);
  if (!body.email && !body.phone) throw validationFailed('missing email or phone');
  if (!body.password) throw invalidCredentials();
  const user = body.email ? await findUserByEmail(ctx.db, normalizeEmail(body.email)) : undefined;
  // The hash is compared even when nothing matched, so timing does not tell which emails have accounts.
  const ok = await checkPassword(body.password, user?.encrypted_password ?? (await dummyHash(ctx.passwordHashCost)));
  if (!user || !ok) throw invalidCredentials();
  if (!user.email_confirmed_at) throw authError(400, 'email_not_confirmed', 'Email not confirmed');
  if (isBanned(user)) throw authError(400, 'user_banned', 'User is banned');
  const session = await ctx.db.transaction((tx) => startSession(tx, ctx, user.id, 'password'));
  return { status: 200, body: session };
}

async function refreshGrant(req: ApiRequest, ctx: StackContext): Promise<ApiResponse> {
  const body = parseInput(req, RefreshBody);
  if (!body.refresh_token)
    throw authError(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');
  const token = body.refresh_token;
  const session = await ctx.db.transaction((tx) => refreshSession(tx, ctx, token));
  if (session instanceof ApiError) throw session;
  return { status: 200, body: session };
}

async function pkceGrant(req: ApiRequest, ctx: StackContext): Promise<ApiResponse> {
  const body = parseInput(req, PkceBody);
  if (!body.auth_code || !body.code_verifier)
    throw validationFailed('invalid request: both auth code and code verifier should be non-empty');
  const { auth_code: code, code_verifier: verifier } = body;
  const session = await ctx.db.transaction(async (tx) => {
    const { userId, method } = await exchangeAuthCode(tx, code, verifier);
    return startSession(tx, ctx, userId, amrOfFlow[method]);
  });
  return { status: 200, body: session };
}

export function token(req: ApiRequest, ctx: StackContext): Promise<ApiResponse> {
  switch (req.url.searchParams.get('grant_type')) {
    case 'password':
      return passwordGrant(req, ctx);
    case 'refresh_token':
      return refreshGrant(req, ctx);
    case 'pkce':
      return pkceGrant(req, ctx);
    case 'web3':
      return web3Grant(req, ctx);
    default:
      throw authError(400, 'unsupported_grant_type', 'unsupported_grant_type');
  }
}
