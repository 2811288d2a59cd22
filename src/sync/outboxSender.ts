// The engine's send side: flushes the member's outbox under the tabs' shared lock, and wakes itself for retries.
import type { ForumClient } from '../backend/client.ts';
import type { EngineDeps, EngineOptions } from './engineTypes.ts';
import type { StatusStore } from './status.ts';

const OUTBOX_LOCK = 'guap-outbox';

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
}

export class OutboxSender {
  private retryTimer: unknown;

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
    if (!this.host.deps.env.isOnline()) return;
    await this.host.deps.locks.request(OUTBOX_LOCK, () => this.flushLocked());
    await this.host.refreshCounts();
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

  private scheduleRetry(ms: number) {
    const { timers } = this.host.deps;
    timers.clearTimeout(this.retryTimer);
    this.retryTimer = timers.setTimeout(() => void this.flush(), ms);
  }

  stop() {
    this.host.deps.timers.clearTimeout(this.retryTimer);
  }
}
