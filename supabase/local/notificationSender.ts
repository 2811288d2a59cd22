// Runs the send-notifications function locally as hosted Supabase's webhook and schedule would: woken after each
// REST write (a reply, a message or a like may have queued deliveries), and by one timer for the next due retry.
import type { Db } from './db.ts';
import { DueTimer } from './dueTimer.ts';

interface SendSummary {
  sent: number;
  retried: number;
  failed: number;
  unrecorded: number;
  recordError?: string;
}

/** `invoke` calls the function as the service role, as the webhook does. */
export function notificationSender(db: Db, invoke: () => Promise<Response>): DueTimer {
  return new DueTimer({
    name: 'notification sender',
    // A queued delivery's next attempt, or the end of the lease of one a sender died with ('sending').
    async untilNextDue() {
      const { rows } = await db.query<{ ms: number | null }>(
        `select (extract(epoch from min(case when state = 'queued' then next_attempt_at else claimed_until end)
                  - now()) * 1000)::float8 as ms
         from public.notification_deliveries
         where state = 'queued' or (state = 'sending' and claimed_until is not null)`,
      );
      return rows[0]?.ms ?? undefined;
    },
    async run() {
      const response = await invoke();
      const body = await response.text();
      if (!response.ok) {
        console.warn(`[local stack] send-notifications answered ${response.status}: ${body}`);
        return false;
      }
      const summary = JSON.parse(body) as SendSummary;
      if (summary.unrecorded > 0) {
        console.warn(
          `[local stack] send-notifications could not record ${summary.unrecorded} finished deliveries (deleted ` +
            `meanwhile, or their lease ran out); any of them still waiting is sent again, once, when its lease runs ` +
            `out. ${summary.recordError ?? ''}`,
        );
      }
      // Due rows that another sender holds (skip locked) would otherwise spin the loop.
      return summary.sent + summary.retried + summary.failed + summary.unrecorded > 0;
    },
  });
}
