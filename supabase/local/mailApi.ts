// POST /local/v1/emails: a Resend-compatible mail API whose mails land in the local mailbox, for the notification
// sender. It takes the service role key as its API key, so no page and no member can send mail through it.
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { StackContext } from './context.ts';
import { ApiError, jsonBody, type ApiRequest, type ApiResponse } from './http.ts';
import { authorizationBearer } from './jwt.ts';
import { assertOwnOrigin } from './local.ts';
import { sendMail } from './mail.ts';

const address = z.string().trim().min(3).max(320);
const EmailRequest = z.object({
  from: z.string().trim().min(1).max(320),
  to: z.union([address, z.array(address).min(1).max(50)]),
  subject: z.string().min(1).max(998),
  text: z.string().min(1).max(100_000),
});

/** Resend's error shape. */
const mailApiError = (status: number, name: string, message: string) =>
  new ApiError(status, { statusCode: status, name, message });

const URL_IN_TEXT = /https?:\/\/[^\s"'<>]+/g;

export async function handleMailApi(req: ApiRequest, ctx: StackContext): Promise<ApiResponse> {
  assertOwnOrigin(req, ctx);
  if (req.path !== '/' || req.method !== 'POST') {
    throw mailApiError(405, 'method_not_allowed', 'Send mail with POST /local/v1/emails');
  }
  const key = authorizationBearer(req.headers);
  if (!key) throw mailApiError(401, 'missing_api_key', 'Missing API key in the authorization header');
  if (key !== ctx.keys.serviceKey) throw mailApiError(403, 'invalid_api_key', 'API key is invalid');
  const parsed = EmailRequest.safeParse(
    jsonBody(req, (message) => mailApiError(422, 'validation_error', `The body is not JSON: ${message}`)),
  );
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw mailApiError(422, 'validation_error', `${issue?.path.join('.') || 'body'}: ${issue?.message ?? 'invalid'}`);
  }
  const { to, subject, text } = parsed.data;
  const links = [...new Set(text.match(URL_IN_TEXT) ?? [])];
  await ctx.db.transaction(async (tx) => {
    for (const recipient of Array.isArray(to) ? to : [to]) await sendMail(tx, { to: recipient, subject, text, links });
  });
  return { status: 200, body: { id: randomUUID() } };
}
