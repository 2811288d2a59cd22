// Email through a Resend-compatible HTTP API: POST {MAIL_API_URL}/emails with a bearer key, and an Idempotency-Key
// named for the delivery, so a resend after a crash (the lease ran out) is dropped by the API within its 24 hours.
import type { Delivery, Outcome } from './delivery.ts';
import type { MailSettings } from './settings.ts';
import { mailText } from './texts.ts';

const TIMEOUT_MS = 10_000;

/** One key per delivery: every attempt at it is the same mail. */
export const idempotencyKey = (d: Delivery) => `notification-delivery/${d.delivery_id}`;

/** 429 and 5xx may pass on a later try; any other refusal (a bad address, a bad key) will not. */
const isTransient = (status: number) => status === 429 || status >= 500;

export async function sendEmail(
  d: Delivery,
  mail: MailSettings | string,
  siteUrl: string | undefined,
): Promise<Outcome> {
  if (typeof mail === 'string') return { kind: 'retry', error: mail };
  if (!siteUrl) return { kind: 'retry', error: 'SITE_URL is not set: a mail needs its links' };
  if (!d.recipient_email) return { kind: 'permanent', error: 'The recipient has no email address' };
  const { subject, text } = mailText(d, siteUrl);
  let response: Response;
  try {
    response = await fetch(`${mail.apiUrl}/emails`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${mail.apiKey}`,
        'content-type': 'application/json',
        'idempotency-key': idempotencyKey(d),
      },
      body: JSON.stringify({ from: mail.from, to: [d.recipient_email], subject, text }),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (e) {
    return { kind: 'retry', error: `Mail API unreachable: ${e instanceof Error ? e.message : String(e)}` };
  }
  if (response.ok) {
    await response.body?.cancel();
    return { kind: 'sent' };
  }
  // The refusal's body only explains it: one cut short is still a refusal.
  const explanation = await response.text().catch((e: unknown) => (e instanceof Error ? e.message : String(e)));
  const error = `Mail API answered ${response.status}: ${explanation.slice(0, 500)}`;
  // Resend's 409s on a key: the first request with it is still running (try later), or it was sent with a body
  // that differed (a title edited since): either way this mail went out or is going, and must not go twice.
  if (response.status === 409 && explanation.includes('concurrent_idempotent_requests'))
    return { kind: 'retry', error };
  if (response.status === 409 && explanation.includes('invalid_idempotent_request')) return { kind: 'sent' };
  return isTransient(response.status) ? { kind: 'retry', error } : { kind: 'permanent', error };
}
