// POST /local/v1/emails: a Resend-compatible mail API whose mails land in the local mailbox, for the notification
// sender. It takes the service role key as its API key, so no page and no member can send mail through it. As Resend
// does, a repeat of an Idempotency-Key within 24 hours answers the first answer and sends nothing.
import { createHash, randomUUID } from 'node:crypto';
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

/** Resend's bounds on a key: 1 to 256 characters. */
function idempotencyKeyOf(req: ApiRequest): string | undefined {
  const header = req.headers['idempotency-key'];
  const key = Array.isArray(header) ? header[0] : header;
  if (key === undefined) return undefined;
  if (key.length < 1 || key.length > 256) {
    throw mailApiError(400, 'invalid_idempotency_key', 'The Idempotency-Key must be 1 to 256 characters');
  }
  return key;
}

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
  const idempotencyKey = idempotencyKeyOf(req);
  const { to, subject, text } = parsed.data;
  const links = [...new Set(text.match(URL_IN_TEXT) ?? [])];
  const requestHash = createHash('sha256').update(JSON.stringify(parsed.data)).digest('hex');
  const answer = { id: randomUUID() };
  const earlier = await ctx.db.transaction(async (tx) => {
    if (idempotencyKey !== undefined) {
      await tx.query(`delete from local.mail_api_requests where created_at < now() - interval '24 hours'`);
      // On PostgreSQL a concurrent request with the same key waits here for the first one's commit.
      const { rows } = await tx.query<{ idempotency_key: string }>(
        `insert into local.mail_api_requests (idempotency_key, request_hash, response) values ($1, $2, $3)
         on conflict (idempotency_key) do nothing returning idempotency_key`,
        [idempotencyKey, requestHash, answer],
      );
      if (rows.length === 0) {
        const stored = await tx.query<{ request_hash: string; response: { id: string } }>(
          'select request_hash, response from local.mail_api_requests where idempotency_key = $1',
          [idempotencyKey],
        );
        return stored.rows[0];
      }
    }
    for (const recipient of Array.isArray(to) ? to : [to]) await sendMail(tx, { to: recipient, subject, text, links });
    return undefined;
  });
  if (earlier && earlier.request_hash !== requestHash) {
    throw mailApiError(
      409,
      'invalid_idempotent_request',
      'Same idempotency key used with a different request payload. Change your idempotency key or payload',
    );
  }
  return { status: 200, body: earlier ? earlier.response : answer };
}
