// Runs the send-notifications function locally as hosted Supabase's webhook and schedule would: woken after each
// REST write (a reply, a message or a like may have queued deliveries), and by one timer for the next due retry.
import type { Db } from './db.ts';

/** The longest the timer waits, so deliveries queued by direct SQL (not through REST) go out within a minute. */
const MAX_WAIT_MS = 60_000;
/** After the function failed or sent nothing while something was due, before the next look. */
const PAUSE_AFTER_TROUBLE_MS = 5_000;

interface SendSummary {
  sent: number;
  retried: number;
  failed: number;
  unrecorded: number;
  recordError?: string;
}

export class NotificationSender {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private wokenWhileRunning = false;
  private closed = false;

  constructor(
    private readonly db: Db,
    /** Calls the function as the service role, as the webhook does. */
    private readonly invoke: () => Promise<Response>,
  ) {}

  /** Sends what is due now; a wake-up during a run makes one more run after it. */
  wake(): void {
    if (this.closed) return;
    if (this.running) {
      this.wokenWhileRunning = true;
      return;
    }
    clearTimeout(this.timer);
    this.running = this.drain().finally(() => {
      this.running = undefined;
      if (this.wokenWhileRunning) {
        this.wokenWhileRunning = false;
        this.wake();
      }
    });
  }

  /** Stops the timer and waits for a run under way. */
  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.timer);
    await this.running;
  }

  /**
   * Milliseconds until the next delivery is due (0 or less: now), or undefined when none waits: a queued one's next
   * attempt, or the end of the lease of one a sender died with ('sending').
   */
  private async untilNextDue(): Promise<number | undefined> {
    const { rows } = await this.db.query<{ ms: number | null }>(
      `select (extract(epoch from min(case when state = 'queued' then next_attempt_at else claimed_until end)
                - now()) * 1000)::float8 as ms
       from public.notification_deliveries where state = 'queued' or (state = 'sending' and claimed_until is not null)`,
    );
    return rows[0]?.ms ?? undefined;
  }

  private schedule(ms: number): void {
    if (this.closed) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.wake(), Math.min(Math.max(ms, 0), MAX_WAIT_MS));
    this.timer.unref();
  }

  private async drain(): Promise<void> {
    try {
      while (!this.closed) {
        const wait = await this.untilNextDue();
        if (wait === undefined || wait > 0) return this.schedule(wait ?? MAX_WAIT_MS);
        const response = await this.invoke();
        const body = await response.text();
        if (!response.ok) {
          console.warn(`[local stack] send-notifications answered ${response.status}: ${body}`);
          return this.schedule(PAUSE_AFTER_TROUBLE_MS);
        }
        const summary = JSON.parse(body) as SendSummary;
        if (summary.unrecorded > 0) {
          console.warn(
            `[local stack] send-notifications sent ${summary.unrecorded} deliveries it could not record; they are ` +
              `sent again, once, when their lease runs out. ${summary.recordError ?? ''}`,
          );
        }
        // Due rows that another sender holds (skip locked) would otherwise spin this loop.
        if (summary.sent + summary.retried + summary.failed + summary.unrecorded === 0) {
          return this.schedule(PAUSE_AFTER_TROUBLE_MS);
        }
      }
    } catch (e) {
      console.warn('[local stack] notification sender:', e instanceof Error ? e.message : e);
      this.schedule(PAUSE_AFTER_TROUBLE_MS);
    }
  }
}
