// Runs check-tip's scheduled check locally, as a hosted schedule (pg_cron calling the function) would: every pending
// tip is asked about again when its next check is due (claim_due_tips' backoff), whoever looks at it.
import type { Db } from './db.ts';
import { DueTimer } from './dueTimer.ts';

/** `invoke` calls check-tip as the service role with {due: true}. */
export function tipChecker(db: Db, invoke: () => Promise<Response>): DueTimer {
  return new DueTimer({
    name: 'tip checker',
    async untilNextDue() {
      const { rows } = await db.query<{ ms: number | null }>(
        `select (extract(epoch from min(next_check_at) - now()) * 1000)::float8 as ms
         from public.tips where status = 'pending'`,
      );
      return rows[0]?.ms ?? undefined;
    },
    async run() {
      const response = await invoke();
      const body = await response.text();
      if (!response.ok) console.warn(`[local stack] check-tip answered ${response.status}: ${body}`);
      // Claiming moves each due tip's next check back, so a run that checked any is followed by a fresh look.
      return response.ok && (JSON.parse(body) as { checked: number }).checked > 0;
    },
  });
}
