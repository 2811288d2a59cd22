// GET /verify (the link in the mails, answering 303) and POST /verify (a token hash or code, answering a session).
import { z } from 'zod';
import type { StackContext } from '../context.ts';
import type { Queryable } from '../db.ts';
import type { ApiRequest, ApiResponse } from '../http.ts';
import { authError, validationFailed } from './errors.ts';
import { normalizeEmail, parseInput } from './input.ts';
import { OTP_EXPIRY_SECONDS, safeRedirect, tokenHashOf, withFragment, type VerifyType } from './links.ts';
import { issueAuthCode, type FlowMethod } from './pkce.ts';
import { startSession, type AuthMethod } from './sessions.ts';

type TokenKind = 'signup' | 'recovery' | 'magiclink' | 'email_change';

const kindsOf: Record<VerifyType, TokenKind[]> = {
  signup: ['signup'],
  invite: ['signup'],
  email: ['signup', 'magiclink'],
  recovery: ['recovery'],
  magiclink: ['magiclink'],
  email_change: ['email_change'],
};

const tokenColumns: Record<TokenKind, { token: string; sentAt: string }> = {
  signup: { token: 'confirmation_token', sentAt: 'confirmation_sent_at' },
  recovery: { token: 'recovery_token', sentAt: 'recovery_sent_at' },
  magiclink: { token: 'recovery_token', sentAt: 'recovery_sent_at' },
  email_change: { token: 'email_change_token_new', sentAt: 'email_change_sent_at' },
};

const afterVerify: Record<TokenKind, string> = {
  signup: `email_confirmed_at = coalesce(email_confirmed_at, now()), confirmation_token = ''`,
  recovery: `email_confirmed_at = coalesce(email_confirmed_at, now()), recovery_token = ''`,
  magiclink: `email_confirmed_at = coalesce(email_confirmed_at, now()), recovery_token = ''`,
  email_change: `email = email_change, email_change = '', email_change_token_new = ''`,
};

const flowOf: Record<TokenKind, FlowMethod> = {
  signup: 'email/signup',
  recovery: 'recovery',
  magiclink: 'magiclink',
  email_change: 'email_change',
};

const amrOf: Record<TokenKind, AuthMethod> = {
  signup: 'otp',
  recovery: 'recovery',
  magiclink: 'magiclink',
  email_change: 'email_change',
};

const VERIFY_TYPES = Object.keys(kindsOf) as VerifyType[];
const isVerifyType = (t: unknown): t is VerifyType => VERIFY_TYPES.includes(t as VerifyType);

/** Spends a one-time token: finds its user (within the expiry), applies its effect, and clears it. */
async function consume(tx: Queryable, type: VerifyType, tokenHash: string) {
  if (!tokenHash) return undefined;
  for (const kind of kindsOf[type]) {
    const { token, sentAt } = tokenColumns[kind];
    const { rows } = await tx.query<{ id: string; banned: boolean }>(
      `select id, coalesce(banned_until > now(), false) as banned from auth.users
        where ${token} = $1 and ${sentAt} > now() - make_interval(secs => $2) for update`,
      [tokenHash, OTP_EXPIRY_SECONDS],
    );
    const found = rows[0];
    if (!found) continue;
    if (found.banned) throw authError(403, 'user_banned', 'User is banned');
    await tx.query(`update auth.users set ${afterVerify[kind]}, updated_at = now() where id = $1`, [found.id]);
    await tx.query(
      `update auth.identities i set identity_data = i.identity_data || jsonb_build_object('email', u.email,
         'email_verified', true), updated_at = now() from auth.users u where u.id = i.user_id and i.user_id = $1
         and i.provider = 'email'`,
      [found.id],
    );
    return { userId: found.id, kind };
  }
  return undefined;
}

export async function verifyLinkGet(req: ApiRequest, ctx: StackContext): Promise<ApiResponse> {
  const params = req.url.searchParams;
  await ctx.signInLimiter?.take(req.remoteAddress, undefined);
  const type = params.get('type');
  const redirectTo = safeRedirect(ctx, params.get('redirect_to'));
  const fail = (errorCode: string, description: string): ApiResponse => ({
    status: 303,
    headers: {
      location: withFragment(redirectTo, {
        error: 'access_denied',
        error_code: errorCode,
        error_description: description,
      }),
    },
  });
  if (!isVerifyType(type)) return fail('validation_failed', 'Verify requires a verification type');
  const location = await ctx.db.transaction(async (tx) => {
    const spent = await consume(tx, type, params.get('token') ?? '');
    if (!spent) return undefined;
    const code = await issueAuthCode(tx, spent.userId, flowOf[spent.kind]);
    if (code) {
      const url = new URL(redirectTo);
      url.searchParams.set('code', code);
      return url.toString();
    }
    const session = await startSession(tx, ctx, spent.userId, amrOf[spent.kind]);
    return withFragment(redirectTo, {
      access_token: session.access_token,
      expires_at: String(session.expires_at),
      expires_in: String(session.expires_in),
      refresh_token: session.refresh_token,
      token_type: 'bearer',
      type,
    });
  });
  return location
    ? { status: 303, headers: { location } }
    : fail('otp_expired', 'Email link is invalid or has expired');
}

const VerifyBody = z.object({
  type: z.string(),
  token_hash: z.string().nullish(),
  token: z.string().nullish(),
  email: z.string().nullish(),
});

export async function verifyPost(req: ApiRequest, ctx: StackContext): Promise<ApiResponse> {
  const body = parseInput(req, VerifyBody);
  // A six-digit code is guessable: tries count against the caller's IP and the email, like sign-ins.
  await ctx.signInLimiter?.take(req.remoteAddress, body.email ?? undefined);
  const type = body.type;
  if (!isVerifyType(type)) throw validationFailed(`Unsupported verification type "${type}"`);
  let tokenHash = body.token_hash ?? '';
  if (!tokenHash) {
    if (!body.token || !body.email)
      throw validationFailed('Verify requires either a token_hash, or a token and an email');
    tokenHash = tokenHashOf(normalizeEmail(body.email), body.token.trim());
  }
  const session = await ctx.db.transaction(async (tx) => {
    const spent = await consume(tx, type, tokenHash);
    if (!spent) throw authError(403, 'otp_expired', 'Token has expired or is invalid');
    return startSession(tx, ctx, spent.userId, amrOf[spent.kind]);
  });
  return { status: 200, body: session };
}
