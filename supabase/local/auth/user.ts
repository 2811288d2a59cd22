// GET and PUT /user: the signed-in user, and changes to their password, metadata and email.
import { z } from 'zod';
import type { StackContext } from '../context.ts';
import type { ApiRequest, ApiResponse } from '../http.ts';
import { authError, databaseRefusal, validationFailed } from './errors.ts';
import { requireUser } from './guard.ts';
import { EMAIL_PATTERN, normalizeEmail, parseInput } from './input.ts';
import { newOneTimeToken, safeRedirect, verifyLink } from './links.ts';
import { sendAuthMail } from './mails.ts';
import { assertAcceptablePassword, checkPassword, hashPassword } from './passwords.ts';
import { saveFlowState } from './pkce.ts';
import { findUserByEmail, findUserById, userJson } from './users.ts';

export async function getUser(req: ApiRequest, ctx: StackContext): Promise<ApiResponse> {
  const { user } = await requireUser(req, ctx);
  return { status: 200, body: await userJson(ctx.db, user) };
}

const UpdateBody = z.object({
  email: z.string().nullish(),
  password: z.string().nullish(),
  data: z.record(z.string(), z.unknown()).nullish(),
  code_challenge: z.string().nullish(),
  code_challenge_method: z.string().nullish(),
});

/** GoTrue merges metadata key by key; a null value removes the key. */
function mergeMetadata(current: Record<string, unknown> | null, patch: Record<string, unknown>) {
  const next: Record<string, unknown> = { ...(current ?? {}) };
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete next[key];
    else next[key] = value;
  }
  return next;
}

export async function updateUser(req: ApiRequest, ctx: StackContext): Promise<ApiResponse> {
  const { user, sessionId } = await requireUser(req, ctx);
  const body = parseInput(req, UpdateBody);
  let passwordHash: string | undefined;
  if (body.password !== undefined && body.password !== null) {
    assertAcceptablePassword(body.password);
    if (await checkPassword(body.password, user.encrypted_password)) {
      throw authError(422, 'same_password', 'New password should be different from the old password.');
    }
    passwordHash = await hashPassword(body.password, ctx.passwordHashCost);
  }
  const newEmail = body.email ? normalizeEmail(body.email) : undefined;
  if (newEmail !== undefined && !EMAIL_PATTERN.test(newEmail)) {
    throw validationFailed('Unable to validate email address: invalid format');
  }
  const redirectTo = safeRedirect(ctx, req.url.searchParams.get('redirect_to'));

  const updated = await ctx.db.transaction(async (tx) => {
    try {
      if (passwordHash) {
        await tx.query('update auth.users set encrypted_password = $2, updated_at = now() where id = $1', [
          user.id,
          passwordHash,
        ]);
        // As GoTrue: a new password signs out every other session, which may be the one an attacker holds.
        if (sessionId)
          await tx.query('delete from auth.sessions where user_id = $1 and id <> $2', [user.id, sessionId]);
      }
      if (body.data) {
        await tx.query('update auth.users set raw_user_meta_data = $2, updated_at = now() where id = $1', [
          user.id,
          JSON.stringify(mergeMetadata(user.raw_user_meta_data, body.data)),
        ]);
      }
      if (newEmail !== undefined && newEmail !== user.email) {
        if (await findUserByEmail(tx, newEmail)) {
          throw authError(422, 'email_exists', 'A user with this email address has already been registered');
        }
        const { otp, tokenHash } = newOneTimeToken(newEmail);
        await tx.query(
          `update auth.users set email_change = $2, email_change_token_new = $3, email_change_sent_at = now(),
             updated_at = now() where id = $1`,
          [user.id, newEmail, tokenHash],
        );
        await saveFlowState(tx, user.id, 'email_change', body);
        await sendAuthMail(tx, 'email_change', newEmail, verifyLink(ctx, tokenHash, 'email_change', redirectTo), otp);
      }
    } catch (e) {
      throw databaseRefusal(e, 'updating user') ?? e;
    }
    const fresh = await findUserById(tx, user.id);
    return userJson(tx, fresh ?? user);
  });
  return { status: 200, body: updated };
}
