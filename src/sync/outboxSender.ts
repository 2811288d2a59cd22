// The engine's send side: flushes the member's outbox under the tabs' shared lock, and wakes itself for retries.
import type { ForumClient } from '../backend/client.ts';
import { backoffDelay } from './backoff.ts';
import type { EngineDeps, EngineOptions } from './engineTypes.ts';
import { OUTBOX_LOCK } from './locks.ts';
import type { FlushRunner } from './pullLeader.ts';
import type { FlushNews } from './pullWorkerProtocol.ts';
import type { StatusStore } from './status.ts';

interface SenderHost {
  deps: EngineDeps;
  options: EngineOptions;
  status: StatusStore;
  /** The backend client, once it has loaded. */
  client(): Promise<ForumClient>;
  network(): Promise<typeof import('./network.ts')>;
  /** The member this device syncs for. */
  userId(): string | null;
  refreshCounts(): Promise<void>;
  /** Work nobody waits for, as the engine runs it: a failure after the engine stopped is no one's. */
  background(work: Promise<unknown>): void;
}

export class OutboxSender {
  private retryTimer: unknown;
  private stopped = false;
  /** Flushes in a row that the sync worker failed: the wait before the next grows with them. */
  private workerStops = 0;

  constructor(private readonly host: SenderHost) {}

  /** Who the server will take the requests to be from; refreshes an expired token first (supabase-js does). */
  private sessionUser = async (): Promise<string | undefined> => {
    const { data } = await (await this.host.client()).auth.getSession();
    return data.session?.user.id;
  };

  /** The service worker's flush has no supabase-js session: the caller vouches for the token's member. */
  vouchFor(userId: string) {
    this.sessionUser = async () => userId;
  }

  /** Sends the signed-in member's waiting writes in order. Tabs share the lock, so no write goes out twice. */
  async flush(): Promise<void> {
    const { env, locks, flushOutbox } = this.host.deps;
    if (!env.isOnline()) return;
    if (flushOutbox) await this.flushElsewhere(flushOutbox);
    else await locks.request(OUTBOX_LOCK, () => this.flushLocked());
    await this.host.refreshCounts();
  }

  /** The sync worker sends, under the outbox lock it takes itself; this page keeps the session, status and timer. */
  private async flushElsewhere(run: FlushRunner) {
    const { host } = this;
    // As below: an expired token is refreshed before anything is sent, and only the device's member sends.
    const { session } = (await (await host.client()).auth.getSession()).data;
    if (!session || session.user.id !== host.userId()) return;
    const job = { accessToken: session.access_token, userId: session.user.id, backoff: host.options.backoff };
    try {
      await run(job, (news) => this.hear(news));
      this.workerStops = 0;
    } catch (error) {
      // The worker stopped mid-flush: the outbox lock went with it, and the entry it was sending was never settled,
      // so it waits for the next flush, which goes after a backoff.
      host.deps.env.logBug?.(error, 'The sync worker stopped while sending; trying again');
      this.scheduleRetry(backoffDelay(this.workerStops, host.deps.random, host.options.backoff));
      this.workerStops += 1;
    }
  }

  private hear(news: FlushNews) {
    const { status, deps } = this.host;
    if (news.type === 'status') status.set(news.patch);
    else if (news.type === 'retry') this.scheduleRetry(news.ms);
    else if (news.type === 'backgroundSync') deps.env.requestBackgroundSync?.();
    else if (news.type === 'counts') void this.host.refreshCounts();
    else deps.env.logBug?.(workerError(news), news.label);
  }

  private async flushLocked() {
    const { host } = this;
    const { db, clock, random, env } = host.deps;
    const client = await host.client();
    const { flushOutbox } = await host.network();
    // An access token that expired offline is refreshed here, before anything is sent; a refused refresh signs
    // the member out (and leaves their writes waiting for their next sign-in).
    const userId = await this.sessionUser();
    if (!userId || userId !== host.userId()) return;
    await flushOutbox({
      db,
      client,
      userId,
      now: () => clock.now(),
      random,
      backoff: host.options.backoff,
      status: host.status,
      scheduleRetry: (ms) => this.scheduleRetry(ms),
      requestBackgroundSync: () => env.requestBackgroundSync?.(),
      logBug: (error, label) => env.logBug?.(error, label),
      refreshCounts: () => host.refreshCounts(),
    });
  }

  /** A flush still running when the engine stopped sets no new timer. */
  private scheduleRetry(ms: number) {
    const { timers } = this.host.deps;
    timers.clearTimeout(this.retryTimer);
    if (this.stopped) return;
    this.retryTimer = timers.setTimeout(() => this.host.background(this.flush()), ms);
  }

  stop() {
    this.stopped = true;
    this.host.deps.timers.clearTimeout(this.retryTimer);
  }
}

/** The worker's error as this page logs it: its words and, where it had one, its stack. */
function workerError({ message, stack }: { message: string; stack?: string }) {
  const error = new Error(message);
  if (stack) error.stack = stack;
  return error;
}
