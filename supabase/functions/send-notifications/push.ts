// Web push to every device the recipient subscribed, with the `web-push` library (VAPID, aes128gcm): each push
// within a deadline, connecting included, and a capped number in flight at once.
import { Agent, request as httpsRequest } from 'node:https';
// web-push ships no declarations: Deno would type it from its JavaScript, where the VAPID header may be undefined.
// Both checkers read the same DefinitelyTyped declarations instead.
// @ts-types="npm:@types/web-push@^3.6.4"
import webPush from 'web-push';
import type { Delivery, Outcome } from './delivery.ts';
import { checkPushEndpoint } from './endpoint.ts';
import type { VapidDetails } from './settings.ts';
import { pushPayload } from './texts.ts';

export interface PushSubscriptionRow {
  id: string;
  user_id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
}

export interface PushContext {
  vapid: VapidDetails | string;
  /** The recipient's subscriptions, fetched once for the whole batch. */
  subscriptionsOf(userId: string): PushSubscriptionRow[];
  /** Forgets a subscription the push service says is gone; false when that failed (the next send tries again). */
  removeSubscription(id: string): Promise<boolean>;
  agent?: Agent;
  /** VAPID authorization per push service origin, made once per run: signing it for each message cost 1.2 ms. */
  vapidHeaders?: Map<string, string>;
  /** The most a push may take, connecting included; a hung endpoint is then given up. At most 10 s. */
  deadlineMs: number;
  /** Origins on this machine that a test's push service listens on (PUSH_TEST_ORIGINS); none in production. */
  testOrigins: readonly string[];
  /** Caps the pushes in flight at once across the whole run: each push runs inside it. */
  limit: <T>(work: () => Promise<T>) => Promise<T>;
}

const TTL_SECONDS = 24 * 60 * 60;
export const PUSH_DEADLINE_MS = 10_000;

/** An https agent that keeps connections open and trusts `caCert` besides the usual authorities. */
export const pushAgent = (caCert: string | undefined) =>
  new Agent({ keepAlive: true, ...(caCert ? { ca: caCert } : {}) });

/** Runs at most `cap` of the functions it is given at once; the others wait their turn, in order. */
export function concurrencyLimit(cap: number): <T>(work: () => Promise<T>) => Promise<T> {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async (work) => {
    if (running >= cap) await new Promise<void>((resolve) => waiting.push(resolve));
    else running += 1;
    try {
      return await work();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else running -= 1;
    }
  };
}

/** A device that took the push, is gone, or failed: `lasting` when trying it again cannot help. */
type SubscriptionResult = 'sent' | 'gone' | { error: string; lasting: boolean };

function vapidAuthorization(endpoint: URL, vapid: VapidDetails, cache: Map<string, string> | undefined): string {
  const audience = endpoint.origin;
  let header = cache?.get(audience);
  if (!header) {
    header = webPush.getVapidHeaders(
      audience,
      vapid.subject,
      vapid.publicKey,
      vapid.privateKey,
      'aes128gcm',
    ).Authorization;
    cache?.set(audience, header);
  }
  return header;
}

/** RFC 8030's Topic: the notification's id, so a push service holding an undelivered copy replaces it with a resend. */
const topicOf = (d: Delivery) => d.notification_id.replace(/-/g, '');

/**
 * One POST to the push service, as web-push's sendNotification makes it, but ended by `signal` whatever stage it is
 * at (web-push's own timeout only fires on an idle socket, so a slow trickle or a stalled handshake outlived it).
 */
function post(
  details: ReturnType<typeof webPush.generateRequestDetails>,
  agent: Agent | undefined,
  signal: AbortSignal,
) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const request = httpsRequest(
      details.endpoint,
      { method: details.method, headers: details.headers, agent, signal },
      (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          if (body.length < 2_000) body += chunk;
        });
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(details.body ?? undefined);
  });
}

async function sendToSubscription(
  d: Delivery,
  sub: PushSubscriptionRow,
  ctx: PushContext,
  vapid: VapidDetails,
): Promise<SubscriptionResult> {
  const endpoint = checkPushEndpoint(sub.endpoint, ctx.testOrigins);
  if (typeof endpoint === 'string') return { error: `Push endpoint refused: ${endpoint}`, lasting: true };
  return ctx.limit(async () => {
    const deadlineMs = Math.min(ctx.deadlineMs, PUSH_DEADLINE_MS);
    let answer: { status: number; body: string };
    try {
      // The request goes to the URL as checked, in its parsed form, not to the stored spelling.
      const details = webPush.generateRequestDetails(
        { endpoint: endpoint.href, keys: { p256dh: sub.p256dh, auth: sub.auth } },
        JSON.stringify(pushPayload(d)),
        {
          headers: { Authorization: vapidAuthorization(endpoint, vapid, ctx.vapidHeaders) },
          TTL: TTL_SECONDS,
          topic: topicOf(d),
          contentEncoding: 'aes128gcm',
        },
      );
      answer = await post(details, ctx.agent, AbortSignal.timeout(deadlineMs));
    } catch (e) {
      if (e instanceof Error && (e.name === 'TimeoutError' || e.name === 'AbortError')) {
        return { error: `Push gave no answer within its ${deadlineMs / 1000} s deadline`, lasting: false };
      }
      return { error: `Push failed: ${e instanceof Error ? e.message : String(e)}`, lasting: false };
    }
    if (answer.status >= 200 && answer.status <= 299) return 'sent';
    // 404 and 410: the subscription expired or was withdrawn, and never comes back.
    if (answer.status === 404 || answer.status === 410) {
      await ctx.removeSubscription(sub.id);
      return 'gone';
    }
    return { error: `Push service answered ${answer.status}: ${answer.body.slice(0, 300)}`, lasting: false };
  });
}

/**
 * Sent when one device took it: the others are not tried again, so no device shows it twice. Retried when a device
 * failed for a passing reason; permanent when no device is left, or none the sender may push to. A resend after a crash carries the same tag
 * (the service worker's notification replaces its copy) and the same Topic, so it shows once.
 */
export async function sendPush(d: Delivery, ctx: PushContext): Promise<Outcome> {
  if (typeof ctx.vapid === 'string') return { kind: 'retry', error: ctx.vapid };
  const vapid = ctx.vapid;
  const subscriptions = ctx.subscriptionsOf(d.recipient_id);
  const results = await Promise.all(subscriptions.map((sub) => sendToSubscription(d, sub, ctx, vapid)));
  if (results.includes('sent')) return { kind: 'sent' };
  const failures = results.filter((r) => r !== 'gone' && r !== 'sent');
  if (failures.length === 0) return { kind: 'permanent', error: 'The recipient has no push subscription left' };
  const error = failures
    .map((f) => f.error)
    .join('; ')
    .slice(0, 2000);
  return { kind: failures.every((f) => f.lasting) ? 'permanent' : 'retry', error };
}
