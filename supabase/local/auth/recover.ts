// POST /recover, /otp and /resend: mails with one-time links, answering the same whether or not the account exists.
import { z } from 'zod';
import type { StackContext } from '../context.ts';
import type { Queryable } from '../db.ts';
import type { ApiRequest, ApiResponse } from '../http.ts';
import { createUser } from './create-user.ts';
import { authError, validationFailed } from './errors.ts';
import { EMAIL_PATTERN, normalizeEmail, parseInput } from './input.ts';
import { newOneTimeToken, safeRedirect, verifyLink } from './links.ts';
import { sendAuthMail } from './mails.ts';
import { saveFlowState, type Challenge } from './pkce.ts';
import { findUserByEmail, type UserRow } from './users.ts';

const EmailBody = z.object({
  email: z.string().nullish(),
  phone: z.string().nullish(),
  type: z.string().nullish(),
  create_user: z.boolean().nullish(),
  data: z.record(z.string(), z.unknown()).nullish(),
  code_challenge: z.string().nullish(),
  code_challenge_method: z.string().nullish(),
});

function emailOf(body: z.output<typeof EmailBody>): string {
  if (!body.email) {
    if (body.phone) throw authError(400, 'phone_provider_disabled', 'Phone logins are disabled');
    throw validationFailed('An email address is required');
  }
  const email = normalizeEmail(body.email);
  if (!EMAIL_PATTERN.test(email)) throw validationFailed('Unable to validate email address: invalid format');
  return email;
}

async function sendRecovery(
  tx: Queryable,
  ctx: StackContext,
  user: UserRow,
  kind: 'recovery' | 'magiclink',
  redirectTo: string,
  challenge: Challenge,
) {
  const email = user.email ?? '';
  const { otp, tokenHash } = newOneTimeToken(email);
  await tx.query('update auth.users set recovery_token = $2, recovery_sent_at = now() where id = $1', [
    user.id,
    tokenHash,
  ]);
  await saveFlowState(tx, user.id, kind, challenge);
  await sendAuthMail(tx, kind, email, verifyLink(ctx, tokenHash, kind, redirectTo), otp);
}

export async function sendConfirmation(
  tx: Queryable,
  ctx: StackContext,
  user: UserRow,
  redirectTo: string,
  c: Challenge,
) {
  const email = user.email ?? '';
  const { otp, tokenHash } = newOneTimeToken(email);
  await tx.query('update auth.users set confirmation_token = $2, confirmation_sent_at = now() where id = $1', [
    user.id,
    tokenHash,
  ]);
  await saveFlowState(tx, user.id, 'email/signup', c);
  await sendAuthMail(tx, 'signup', email, verifyLink(ctx, tokenHash, 'signup', redirectTo), otp);
}

export async function recover(req: ApiRequest, ctx: StackContext): Promise<ApiResponse> {
  const body = parseInput(req, EmailBody);
  await ctx.signInLimiter?.take(req.remoteAddress, body.email ?? undefined);
  const email = emailOf(body);
  const redirectTo = safeRedirect(ctx, req.url.searchParams.get('redirect_to'));
  await ctx.db.transaction(async (tx) => {
    const user = await findUserByEmail(tx, email);
    if (user) await sendRecovery(tx, ctx, user, 'recovery', redirectTo, body);
  });
  return { status: 200, body: {} };
}

/** signInWithOtp by email: a magic link for an account, or a new unconfirmed account and its confirmation mail. */
export async function otp(req: ApiRequest, ctx: StackContext): Promise<ApiResponse> {
  const body = parseInput(req, EmailBody);
  await ctx.signInLimiter?.take(req.remoteAddress, body.email ?? undefined);
  const email = emailOf(body);
  const redirectTo = safeRedirect(ctx, req.url.searchParams.get('redirect_to'));
  await ctx.db.transaction(async (tx) => {
    const user = await findUserByEmail(tx, email);
    if (user?.email_confirmed_at) return sendRecovery(tx, ctx, user, 'magiclink', redirectTo, body);
    if (user) return sendConfirmation(tx, ctx, user, redirectTo, body);
    if (body.create_user === false) throw authError(422, 'otp_disabled', 'Signups not allowed for otp');
    const created = await createUser(tx, {
      email,
      passwordHash: null,
      userMetadata: body.data ?? {},
      confirmed: false,
    });
    await sendConfirmation(tx, ctx, created, redirectTo, body);
  });
  return { status: 200, body: {} };
}

export async function resend(req: ApiRequest, ctx: StackContext): Promise<ApiResponse> {
  const body = parseInput(req, EmailBody);
  await ctx.signInLimiter?.take(req.remoteAddress, body.email ?? undefined);
  const email = emailOf(body);
  if (body.type !== 'signup') throw validationFailed('Only type "signup" can be resent by email here');
  const redirectTo = safeRedirect(ctx, req.url.searchParams.get('redirect_to'));
  await ctx.db.transaction(async (tx) => {
    const user = await findUserByEmail(tx, email);
    if (user && !user.email_confirmed_at) await sendConfirmation(tx, ctx, user, redirectTo, body);
  });
  return { status: 200, body: {} };
}
