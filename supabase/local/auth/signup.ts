// POST /signup: an unconfirmed email user, its identity, and the confirmation mail; the user alone comes back. An
// email that already has an account gets the same kind of answer, so sign-up never tells who is registered.
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { StackContext } from '../context.ts';
import type { ApiRequest, ApiResponse } from '../http.ts';
import { createUser } from './create-user.ts';
import { authError, validationFailed } from './errors.ts';
import { EMAIL_PATTERN, normalizeEmail, parseInput } from './input.ts';
import { safeRedirect } from './links.ts';
import { sendSignupAttemptMail } from './mails.ts';
import { assertAcceptablePassword, hashPassword } from './passwords.ts';
import { sendConfirmation } from './recover.ts';
import { findUserByEmail, findUserById, userJson } from './users.ts';

const SignupBody = z.object({
  email: z.string().nullish(),
  phone: z.string().nullish(),
  password: z.string().nullish(),
  data: z.record(z.string(), z.unknown()).nullish(),
  code_challenge: z.string().nullish(),
  code_challenge_method: z.string().nullish(),
});

class Rehearsed {
  constructor(readonly answer: string) {}
}

/**
 * What the sign-up of a new email would answer, for an email that has an account. The new user is really created,
 * under a placeholder address, in a transaction that is then rolled back: the answer has a new user's shape, and a
 * refusal by the database (a taken username, say) is the one a new email would get. Hosted GoTrue answers a made-up
 * user too (sanitizeUser), but with no identities, which tells a registered email apart; this one does not.
 */
async function answerOfNewUser(ctx: StackContext, email: string, data: Record<string, unknown>): Promise<unknown> {
  const placeholder = `${randomUUID()}@signup.invalid`;
  try {
    await ctx.db.transaction(async (tx) => {
      const user = await createUser(tx, {
        email: placeholder,
        passwordHash: null,
        userMetadata: data,
        confirmed: false,
      });
      await tx.query('update auth.users set confirmation_sent_at = now() where id = $1', [user.id]);
      const answer = await userJson(tx, (await findUserById(tx, user.id)) ?? user);
      throw new Rehearsed(JSON.stringify(answer).replaceAll(placeholder, email));
    });
  } catch (e) {
    if (e instanceof Rehearsed) return JSON.parse(e.answer) as unknown;
    throw e;
  }
  throw new Error('the rehearsed sign-up did not roll back');
}

export async function signup(req: ApiRequest, ctx: StackContext): Promise<ApiResponse> {
  const body = parseInput(req, SignupBody);
  await ctx.signInLimiter?.take(req.remoteAddress, body.email ?? body.phone ?? undefined);
  if (body.phone && !body.email) throw authError(400, 'phone_provider_disabled', 'Phone signups are disabled');
  if (!body.email) throw validationFailed('To signup, please provide your email');
  const email = normalizeEmail(body.email);
  if (!EMAIL_PATTERN.test(email) || email.length > 255) {
    throw validationFailed('Unable to validate email address: invalid format');
  }
  if (!body.password) throw authError(422, 'validation_failed', 'Signup requires a valid password');
  assertAcceptablePassword(body.password);
  const passwordHash = await hashPassword(body.password, ctx.passwordHashCost);
  const redirectTo = safeRedirect(ctx, req.url.searchParams.get('redirect_to'));

  const user = await ctx.db.transaction(async (tx) => {
    const found = await findUserByEmail(tx, email);
    if (found?.email_confirmed_at) {
      // The owner learns of it; the caller learns nothing.
      await sendSignupAttemptMail(tx, email, redirectTo, new URL('/reset-password', ctx.siteUrl).toString());
      return undefined;
    }
    // As GoTrue: an unconfirmed account gets its confirmation again, unchanged, since nobody proved the address yet.
    const target =
      found ?? (await createUser(tx, { email, passwordHash, userMetadata: body.data ?? {}, confirmed: false }));
    await sendConfirmation(tx, ctx, target, redirectTo, body);
    return userJson(tx, (await findUserById(tx, target.id)) ?? target);
  });
  return { status: 200, body: user ?? (await answerOfNewUser(ctx, email, body.data ?? {})) };
}
