// The sending loop: claim a batch of due deliveries, send each on its channel, and record how it went. A claim is a
// lease: a delivery its sender died with is claimed again when the lease runs out (claim_notification_deliveries),
// and its mail's idempotency key and its push's tag and topic make that resend show once.
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import type { Delivery, Outcome } from './delivery.ts';
import { sendEmail } from './email.ts';
import { concurrencyLimit, PUSH_DEADLINE_MS, pushAgent, sendPush, type PushSubscriptionRow } from './push.ts';
import type { SenderSettings } from './settings.ts';

export interface DeliverOptions {
  batchSize: number;
  /** Deliveries in flight at once. */
  concurrency: number;
  /** Push requests in flight at once, across all deliveries (a member has up to 10 devices). */
  pushConcurrency: number;
  /** The most one push may take, connecting included (capped at 10 s). */
  pushDeadlineMs: number;
  /** No new batch is claimed after this long, so one call ends well inside a function's wall-clock limit. */
  budgetMs: number;
}

export interface DeliverySummary {
  sent: number;
  retried: number;
  failed: number;
  /** Deliveries sent whose outcome could not be recorded: they stay 'sending' until their lease runs out. */
  unrecorded: number;
  /** Why the last batch could not be recorded. */
  recordError?: string;
}

// A batch ends within ceil(100 / 50) mail deadlines, or 100 deliveries x 10 devices / 64 push deadlines: far inside
// the 5-minute lease, so no other sender takes a delivery this one is still sending.
export const DEFAULT_OPTIONS: DeliverOptions = {
  batchSize: 100,
  concurrency: 50,
  pushConcurrency: 64,
  pushDeadlineMs: PUSH_DEADLINE_MS,
  budgetMs: 25_000,
};

/** Recipients per subscriptions query, so the filter stays well inside a URL's length. */
const RECIPIENTS_PER_QUERY = 100;
/** Rows per page: a server caps what one request answers (1,000 on hosted), so pages go on until one is empty. */
const SUBSCRIPTIONS_PER_PAGE = 500;

async function subscriptionsOf(db: SupabaseClient, userIds: string[]): Promise<Map<string, PushSubscriptionRow[]>> {
  const byUser = new Map<string, PushSubscriptionRow[]>();
  for (let i = 0; i < userIds.length; i += RECIPIENTS_PER_QUERY) {
    for (let from = 0; ;) {
      const { data, error } = await db
        .from('push_subscriptions')
        .select('id, user_id, endpoint, p256dh, auth')
        .in('user_id', userIds.slice(i, i + RECIPIENTS_PER_QUERY))
        .order('id')
        .range(from, from + SUBSCRIPTIONS_PER_PAGE - 1);
      if (error) throw new Error(`Reading push subscriptions failed: ${error.message}`);
      const rows = data as PushSubscriptionRow[];
      if (rows.length === 0) break;
      for (const row of rows) byUser.set(row.user_id, [...(byUser.get(row.user_id) ?? []), row]);
      from += rows.length;
    }
  }
  return byUser;
}

interface Finished {
  id: string;
  outcome: Outcome['kind'];
  error?: string;
}

/**
 * Records a batch's outcomes in one call (finish_notification_deliveries). A delivery it does not record stays
 * 'sending' until its lease runs out; the count of those is returned, with the reason when the call failed.
 */
async function recordBatch(db: SupabaseClient, finished: Finished[]): Promise<{ unrecorded: number; error?: string }> {
  if (finished.length === 0) return { unrecorded: 0 };
  const { data, error } = await db.rpc('finish_notification_deliveries', { results: finished });
  if (error) return { unrecorded: finished.length, error: `Recording the outcomes failed: ${error.message}` };
  return { unrecorded: finished.length - (data as unknown[]).length };
}

/** Runs `work` over `items` with at most `limit` at a time. */
async function inPool<T>(items: T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

export async function deliverDue(settings: SenderSettings, options: DeliverOptions): Promise<DeliverySummary> {
  const db = createClient(settings.supabaseUrl, settings.serviceKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  });
  const agent = pushAgent(settings.pushCaCert);
  const vapidHeaders = new Map<string, string>();
  const limit = concurrencyLimit(options.pushConcurrency);
  const summary: DeliverySummary = { sent: 0, retried: 0, failed: 0, unrecorded: 0 };
  const started = Date.now();
  try {
    while (Date.now() - started < options.budgetMs) {
      const { data, error } = await db.rpc('claim_notification_deliveries', { max_rows: options.batchSize });
      if (error) throw new Error(`Claiming deliveries failed: ${error.message}`);
      const batch = data as Delivery[];
      if (batch.length === 0) break;
      const pushRecipients = [...new Set(batch.filter((d) => d.channel === 'push').map((d) => d.recipient_id))];
      const subscriptions = await subscriptionsOf(db, pushRecipients);
      const push = {
        vapid: settings.vapid,
        agent,
        vapidHeaders,
        deadlineMs: options.pushDeadlineMs,
        testOrigins: settings.pushTestOrigins,
        limit,
        subscriptionsOf: (userId: string) => subscriptions.get(userId) ?? [],
        removeSubscription: async (id: string) => {
          const { error: removeError } = await db.from('push_subscriptions').delete().eq('id', id);
          return !removeError;
        },
      };
      const finished: Finished[] = [];
      await inPool(batch, options.concurrency, async (d) => {
        const outcome =
          d.channel === 'email' ? await sendEmail(d, settings.mail, settings.siteUrl) : await sendPush(d, push);
        finished.push({
          id: d.delivery_id,
          outcome: outcome.kind,
          error: 'error' in outcome ? outcome.error : undefined,
        });
      });
      const { unrecorded, error: recordError } = await recordBatch(db, finished);
      summary.unrecorded += unrecorded;
      if (recordError) summary.recordError = recordError;
      if (unrecorded === 0) {
        summary.sent += finished.filter((f) => f.outcome === 'sent').length;
        summary.retried += finished.filter((f) => f.outcome === 'retry').length;
        summary.failed += finished.filter((f) => f.outcome === 'permanent').length;
      }
    }
  } finally {
    agent.destroy();
  }
  return summary;
}
