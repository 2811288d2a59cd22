// The sync state the UI shows: online, pull progress, writes waiting and failed, and the last good sync.
/** A rate limit the next write waits out: the post (or row) it shows on, until when, and the server's words. */
interface RateLimitWait {
  target: string;
  until: number;
  limit: string;
  message: string;
}

export interface SyncStatus {
  online: boolean;
  /** Rows stored so far while a pull runs; null when no pull is running. */
  pulling: { rows: number; firstLoad: boolean } | null;
  pending: number;
  failed: number;
  lastSyncAt: number | null;
  lastError: string | null;
  /** The last request to the server got no answer at all although the browser says it is online. */
  unreachable: boolean;
  /** The server's rate limit holds the outbox back; null when nothing waits on one. */
  rateLimit: RateLimitWait | null;
}

export const INITIAL_STATUS: SyncStatus = {
  online: true,
  pulling: null,
  pending: 0,
  failed: 0,
  lastSyncAt: null,
  lastError: null,
  unreachable: false,
  rateLimit: null,
};

/** A minimal observable value, shaped for React's useSyncExternalStore. */
export class StatusStore {
  private value: SyncStatus;
  private readonly listeners = new Set<() => void>();

  constructor(initial: SyncStatus = INITIAL_STATUS) {
    this.value = initial;
  }

  get = (): SyncStatus => this.value;

  set(patch: Partial<SyncStatus>) {
    this.value = { ...this.value, ...patch };
    for (const listener of this.listeners) listener();
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Settles once a pull has ended since the app started, with rows or with an error. */
  pullSettled(): Promise<void> {
    return new Promise((resolve) => {
      const check = () => {
        if (this.value.lastSyncAt === null && this.value.lastError === null) return;
        stop();
        resolve();
      };
      const stop = this.subscribe(check);
      check();
    });
  }
}
