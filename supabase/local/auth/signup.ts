// POST /signup: an unconfirmed email user, its identity, and the confirmation mail; the user alone comes back.
import { z } from 'zod';
import type { StackContext } from '../context.ts';
import type { ApiRequest, ApiResponse } from '../http.ts';
import { createUser } from './create-user.ts';
import { authError, validationFailed } from './errors.ts';
import { EMAIL_PATTERN, normalizeEmail, parseInput } from './input.ts';
import { newOneTimeToken, safeRedirect, verifyLink } from './links.ts';
import { sendAuthMail } from './mails.ts';
import { assertAcceptablePassword, hashPassword } from './passwords.ts';
import { saveFlowState } from './pkce.ts';
import { findUserByEmail, userJson } from './users.ts';

const SignupBody = z.object({
  email: z.string().nullish(),
  phone: z.string().nullish(),
  password: z.string().nullish(),
  data: z.record(z.string(), z.unknown()).nullish(),
  code_challenge: z.string().nullish(),
  code_challenge_method: z.string().nullish(),
});

export async function signup(req: ApiRequest, ctx: StackContext): Promise<ApiResponse> {
  const body = parseInput(req, SignupBody);
  if (body.phone && !body.email) throw authError(400, 'phone_provider_disabled', 'Phone signups are disabled');
  if (!body.email) throw validationFailed('To signup, please provide your email');
  const email = normalizeEmail(body.email);
  if (!EMAIL_PATTERN.test(email) || email.length > 255) {
    throw validationFailed('Unable to validate email address: invalid format');
  }
  if (!body.password) throw authError(422, 'validation_failed', 'Signup requires a valid password');
  assertAcceptablePassword(body.password);
  const passwordHash = await hashPassword(body.password);
  const redirectTo = safeRedirect(ctx, req.url.searchParams.get('redirect_to'));

  const user = await ctx.db.transaction(async (tx) => {
    if (await findUserByEmail(tx, email)) throw authError(422, 'user_already_exists', 'User already registered');
    const created = await createUser(tx, {
      email,
      passwordHash,
      userMetadata: body.data ?? {},
      confirmed: false,
    });
    const { otp, tokenHash } = newOneTimeToken(email);
    await tx.query('update auth.users set confirmation_token = $2, confirmation_sent_at = now() where id = $1', [
      created.id,
      tokenHash,
    ]);
    await saveFlowState(tx, created.id, 'email/signup', body);
    await sendAuthMail(tx, 'signup', email, verifyLink(ctx, tokenHash, 'signup', redirectTo), otp);
    const fresh = await findUserByEmail(tx, email);
    return userJson(tx, fresh ?? created);
  });
  return { status: 200, body: user };
}
