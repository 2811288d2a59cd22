// Runs a function locally as hosted Supabase's webhook and schedule would: woken after each REST write, and by one
// timer for the next time something is due. The notification sender and the tip checker are two such jobs.

/** The longest the timer waits, so work queued by direct SQL (not through REST) is done within a minute. */
const MAX_WAIT_MS = 60_000;
/** After the function failed or did nothing while something was due, before the next look. */
const PAUSE_AFTER_TROUBLE_MS = 5_000;

export interface DueJob {
  /** For the stack's warnings. */
  name: string;
  /** Milliseconds until the next piece of work is due (0 or less: now), or undefined when none waits. */
  untilNextDue(): Promise<number | undefined>;
  /** Does what is due; false when it failed or found nothing to do although something was due. */
  run(): Promise<boolean>;
}

export class DueTimer {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private wokenWhileRunning = false;
  private closed = false;

  constructor(private readonly job: DueJob) {}

  /** Does what is due now; a wake-up during a run makes one more run after it. */
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

  private schedule(ms: number): void {
    if (this.closed) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.wake(), Math.min(Math.max(ms, 0), MAX_WAIT_MS));
    this.timer.unref();
  }

  private async drain(): Promise<void> {
    try {
      while (!this.closed) {
        const wait = await this.job.untilNextDue();
        if (wait === undefined || wait > 0) return this.schedule(wait ?? MAX_WAIT_MS);
        if (!(await this.job.run())) return this.schedule(PAUSE_AFTER_TROUBLE_MS);
      }
    } catch (e) {
      console.warn(`[local stack] ${this.job.name}:`, e instanceof Error ? e.message : e);
      this.schedule(PAUSE_AFTER_TROUBLE_MS);
    }
  }
}
