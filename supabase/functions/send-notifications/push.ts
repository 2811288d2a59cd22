// Web push to every device the recipient subscribed, with the `web-push` library (VAPID, aes128gcm).
import { Agent } from 'node:https';
import webPush from 'web-push';
import type { Delivery, Outcome } from './delivery.ts';
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
}

const TTL_SECONDS = 24 * 60 * 60;
const TIMEOUT_MS = 15_000;

/** An https agent that keeps connections open and trusts `caCert` besides the usual authorities. */
export const pushAgent = (caCert: string | undefined) =>
  new Agent({ keepAlive: true, ...(caCert ? { ca: caCert } : {}) });

type SubscriptionResult = 'sent' | 'gone' | string;

function vapidAuthorization(endpoint: string, vapid: VapidDetails, cache: Map<string, string> | undefined): string {
  const audience = new URL(endpoint).origin;
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

async function sendToSubscription(d: Delivery, sub: PushSubscriptionRow, ctx: PushContext, vapid: VapidDetails) {
  try {
    await webPush.sendNotification(
      { endpoint: sub.endpoint, keys: { p256dh: sub.p256dh, auth: sub.auth } },
      JSON.stringify(pushPayload(d)),
      {
        headers: { Authorization: vapidAuthorization(sub.endpoint, vapid, ctx.vapidHeaders) },
        TTL: TTL_SECONDS,
        timeout: TIMEOUT_MS,
        agent: ctx.agent,
        contentEncoding: 'aes128gcm',
      },
    );
    return 'sent' as SubscriptionResult;
  } catch (e) {
    // 404 and 410: the subscription expired or was withdrawn, and never comes back.
    if (e instanceof webPush.WebPushError && (e.statusCode === 404 || e.statusCode === 410)) {
      await ctx.removeSubscription(sub.id);
      return 'gone';
    }
    if (e instanceof webPush.WebPushError) return `Push service answered ${e.statusCode}: ${e.body.slice(0, 300)}`;
    return `Push failed: ${e instanceof Error ? e.message : String(e)}`;
  }
}

/**
 * Sent when one device took it: the others are not tried again, so no device shows it twice. Retried when every
 * device failed for a passing reason; permanent when no device is left.
 */
export async function sendPush(d: Delivery, ctx: PushContext): Promise<Outcome> {
  if (typeof ctx.vapid === 'string') return { kind: 'retry', error: ctx.vapid };
  const vapid = ctx.vapid;
  const subscriptions = ctx.subscriptionsOf(d.recipient_id);
  const results = await Promise.all(subscriptions.map((sub) => sendToSubscription(d, sub, ctx, vapid)));
  if (results.includes('sent')) return { kind: 'sent' };
  const failures = results.filter((r) => r !== 'gone');
  if (failures.length === 0) return { kind: 'permanent', error: 'The recipient has no push subscription left' };
  return { kind: 'retry', error: failures.join('; ').slice(0, 2000) };
}
