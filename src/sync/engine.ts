// The sync engine: one instance per app (or per test device), with its clock, timers, locks and network injected.
import type { Session } from '@supabase/supabase-js';
import type { ForumClient } from '../backend/client.ts';
import type { Mirror } from '../data/mirror.ts';
import { postsOfThread } from '../data/queries/posts.ts';
import { threadRowAt } from '../data/queries/threadAddress.ts';
import { createUuidV7 } from '../lib/uuidv7.ts';
import { DEFAULT_BACKOFF, backoffDelay, type BackoffOptions } from './backoff.ts';
import { coalesce } from './coalesce.ts';
import { ME_COLUMNS } from './columns.ts';
import type { ConnectLive, LiveConnection } from './live.ts';
import type { Locks } from './locks.ts';
import type { WriteContext } from './outbox.ts';
import { StatusStore } from './status.ts';

export interface SyncEnvironment {
  isOnline(): boolean;
  isVisible(): boolean;
  /** Calls back on the browser's online, offline and focus events; returns the unsubscribe. */
  subscribe(handlers: { online(): void; offline(): void; focus(): void }): () => void;
  /** Asks the browser to keep the mirror under storage pressure. */
  persist?(): Promise<boolean>;
  /** Asks the service worker to flush when the connection is back, even if every tab is closed by then. */
  requestBackgroundSync?(): void;
  /** Where a bug met while syncing is logged (the app's one error log); the write it hit is kept as failed. */
  logBug?(error: unknown, label: string): void;
}

interface Timers {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export interface EngineOptions {
  /** How many of the most recently active threads keep their posts on the device. */
  keepRecentThreads: number;
  pageSize: number;
  pullIntervalMs: number;
  /** The interval pull while the live socket is joined: pokes bring changes, this only guards against a lost one. */
  livePullIntervalMs: number;
  /** Posts of threads nobody here touched for this long are dropped (unless recent). */
  evictAfterMs: number;
  backoff: BackoffOptions;
}

const DEFAULT_OPTIONS: EngineOptions = {
  keepRecentThreads: 200,
  pageSize: 1000,
  pullIntervalMs: 60_000,
  livePullIntervalMs: 5 * 60_000,
  evictAfterMs: 14 * 24 * 3600_000,
  backoff: DEFAULT_BACKOFF,
};

interface EngineDeps {
  db: Mirror;
  /** A promise lets the app paint from the mirror before supabase-js has loaded. */
  client: ForumClient | Promise<ForumClient>;
  clock: { now(): number };
  timers: Timers;
  random: () => number;
  locks: Locks;
  env: SyncEnvironment;
  options?: Partial<EngineOptions>;
  /** The backend the client talks to: copied with the access token for the service worker. */
  backend?: { url: string; anonKey: string };
  /** Live updates (live.ts): pokes that ask for a pull. Without it, the engine pulls on its events and interval. */
  live?: ConnectLive;
}

export type OpenThreadResult = 'mirrored' | 'missing' | 'offline';

/** The server stamps last seen at most this often, so the pulls ask no more often either. */
const LAST_SEEN_INTERVAL_MS = 60_000;

const OUTBOX_LOCK = 'guap-outbox';
const PULL_LOCK = 'guap-pull';

export class SyncEngine {
  readonly status = new StatusStore();
  readonly options: EngineOptions;
  private userId: string | null = null;
  private stops: (() => void)[] = [];
  private retryTimer: unknown;
  private intervalTimer: unknown;
  private userChange: Promise<void> = Promise.resolve();
  /** The member of the latest auth event, ahead of `userId` while the switch to them is still running. */
  private requestedUserId: string | null = null;
  /** When this tab last asked the server to stamp the member's last seen; unset for a member not stamped yet. */
  private lastSeenTouchedAt: number | undefined;
  private live: LiveConnection | null = null;
  private liveUp = false;
  /** The latest session supabase-js announced, whose member and token the live socket joins with. */
  private session: Session | null = null;
  /** A poke's pull: one at a time, at most one waiting (coalesce.ts). */
  private readonly pokePull = coalesce(() => this.pull());

  /** Ids for rows made here: time-ordered, so waiting writes list in the order they were made. */
  private readonly newId: () => string;

  private client!: ForumClient;
  private networkModule?: Promise<typeof import('./network.ts')>;
  private pendingRowsModule?: Promise<typeof import('./pendingRows.ts')>;
  /** Settles once the backend client is there; every network step waits for it. */
  private readonly ready: Promise<void>;

  constructor(private readonly deps: EngineDeps) {
    this.options = { ...DEFAULT_OPTIONS, ...deps.options };
    this.newId = createUuidV7(() => deps.clock.now(), deps.random);
    this.ready = Promise.resolve(deps.client).then((client) => {
      this.client = client;
    });
  }

  get currentUserId() {
    return this.userId;
  }

  /** The mirror the screens read. */
  get db(): Mirror {
    return this.deps.db;
  }

  get now(): number {
    return this.deps.clock.now();
  }

  private network() {
    this.networkModule ??= import('./network.ts');
    return this.networkModule;
  }

  /** Loaded here, not with the engine: it brings the table of write kinds, which the first screen does not need. */
  private pendingRows() {
    this.pendingRowsModule ??= import('./pendingRows.ts');
    return this.pendingRowsModule;
  }

  /** Picks up the session, listens for auth, network and focus events, and runs a first sync. */
  async start(): Promise<void> {
    const { env, timers } = this.deps;
    this.status.set({ online: env.isOnline() });
    // Both lazy modules are fetched while the client and the session load, not one after the other before the sync.
    void this.pendingRows();
    void this.network();
    await this.ready;
    const { client } = this;
    const { data } = await client.auth.getSession();
    this.requestedUserId = data.session?.user.id ?? null;
    await this.setUser(this.requestedUserId);
    await this.shareSession(data.session);
    const { data: auth } = client.auth.onAuthStateChange((_event, session) => {
      void this.shareSession(session);
      // A refreshed token too: the socket's private topic is read with it.
      void this.live?.setMember(session?.user.id ?? null, session?.access_token ?? null);
      const next = session?.user.id ?? null;
      // Token refreshes keep the member: only a different member (or none) changes what the device holds.
      if (next === this.requestedUserId) return;
      this.requestedUserId = next;
      // supabase-js must not be called from inside its own callback: continue on the next tick.
      timers.setTimeout(() => {
        this.userChange = this.userChange.then(() => this.setUser(next));
        void this.userChange.then(() => this.sync());
      }, 0);
    });
    this.stops.push(() => auth.subscription.unsubscribe());
    this.stops.push(
      env.subscribe({
        online: () => {
          this.status.set({ online: true });
          void this.sync();
        },
        offline: () => this.status.set({ online: false }),
        focus: () => void this.pull(),
      }),
    );
    // The connection may have changed while the session loaded, with nothing listening yet.
    this.status.set({ online: env.isOnline() });
    this.scheduleInterval();
    await this.refreshCounts();
    void this.sync();
    void this.startLive();
  }

  /** Opens the live socket, after the first sync has begun; a failure leaves the engine pulling as before. */
  private async startLive() {
    const { live: connect, env } = this.deps;
    if (!connect) return;
    try {
      this.live = await connect({
        poke: () => void this.pokePull(),
        up: (isUp) => {
          if (isUp === this.liveUp) return;
          this.liveUp = isUp;
          this.deps.timers.clearTimeout(this.intervalTimer);
          this.scheduleInterval();
        },
      });
      await this.live.setMember(this.session?.user.id ?? null, this.session?.access_token ?? null);
    } catch (error) {
      env.logBug?.(error, 'Live updates could not start; pulling on the interval');
    }
  }

  /** Keeps the service worker's copy of the access token current; removes it when nobody is signed in. */
  private async shareSession(session: Session | null) {
    this.session = session;
    const { db, backend } = this.deps;
    if (!backend) return;
    if (!session?.expires_at) {
      await db.workerSession.clear();
      return;
    }
    await db.workerSession.put({
      key: 'session',
      ...backend,
      userId: session.user.id,
      accessToken: session.access_token,
      expiresAt: session.expires_at,
    });
  }

  stop() {
    for (const stop of this.stops.splice(0)) stop();
    this.live?.stop();
    this.live = null;
    this.deps.timers.clearTimeout(this.retryTimer);
    this.deps.timers.clearTimeout(this.intervalTimer);
  }

  private scheduleInterval() {
    const { timers, env } = this.deps;
    this.intervalTimer = timers.setTimeout(
      () => {
        if (env.isVisible() && env.isOnline()) void this.pull();
        this.scheduleInterval();
      },
      this.liveUp ? this.options.livePullIntervalMs : this.options.pullIntervalMs,
    );
  }

  /**
   * A different member (or none) on this device: their private rows go, the cursor of the private tables restarts,
   * and unsent rows follow their author. The outbox itself is never emptied here.
   */
  private async setUser(userId: string | null) {
    const { db } = this.deps;
    const [messages, likes, notifications, reads, bookmarks] = await db.cursors.bulkGet([
      'messages',
      'post_likes',
      'notifications',
      'thread_reads',
      'bookmarks',
    ]);
    this.userId = userId;
    // Each private table is checked on its own: a mirror made before likes were pulled has no likes cursor yet.
    const staleMessages = (messages?.owner ?? null) !== userId;
    const staleLikes = (likes?.owner ?? null) !== userId;
    const staleNotifications = (notifications?.owner ?? null) !== userId;
    const staleReads = (reads?.owner ?? null) !== userId;
    const staleBookmarks = (bookmarks?.owner ?? null) !== userId;
    if (staleMessages || staleLikes || staleNotifications || staleReads || staleBookmarks) {
      const tables = [
        db.messages,
        db.likes,
        db.notifications,
        db.pushedNotifications,
        db.me,
        db.workerSession,
        db.threadReads,
        db.bookmarks,
        db.slugAliases,
        db.walletSnapshots,
      ];
      await db.transaction('rw', [...tables, db.cursors], async () => {
        if (staleMessages) {
          await db.messages.clear();
          await db.me.clear();
          await db.workerSession.clear();
          // A slug this device showed for the last member's thread is theirs: it opens no thread for the next one.
          await db.slugAliases.clear();
          // The last member's wallet addresses, balances and payments are theirs alone.
          await db.walletSnapshots.clear();
          await db.cursors.put({ table: 'messages', txid: 0, owner: userId });
        }
        if (staleLikes) {
          await db.likes.clear();
          await db.cursors.put({ table: 'post_likes', txid: 0, owner: userId });
        }
        if (staleNotifications) {
          await db.notifications.clear();
          await db.pushedNotifications.clear();
          await db.cursors.put({ table: 'notifications', txid: 0, owner: userId });
        }
        if (staleReads) {
          await db.threadReads.clear();
          await db.cursors.put({ table: 'thread_reads', txid: 0, owner: userId });
        }
        if (staleBookmarks) {
          await db.bookmarks.clear();
          await db.cursors.put({ table: 'bookmarks', txid: 0, owner: userId });
        }
      });
    }
    this.lastSeenTouchedAt = undefined;
    const { showPendingOf } = await this.pendingRows();
    await showPendingOf(db, userId);
    await this.refreshCounts();
    // A signed-in member's unsent words live here: ask the browser not to evict the mirror under storage pressure.
    if (userId) void this.deps.env.persist?.().catch(() => false);
  }

  /**
   * "Clear downloaded data": forgets everything the mirror pulled, then pulls again. The outbox, the failed list
   * and the rows of unsent writes stay: clearing never drops a member's words.
   */
  async clearDownloadedData(): Promise<void> {
    const { db } = this.deps;
    await this.deps.locks.request(PULL_LOCK, () =>
      db.transaction(
        'rw',
        [
          db.categories,
          db.profiles,
          db.threads,
          db.posts,
          db.messages,
          db.likes,
          db.threadReads,
          db.bookmarks,
          db.keptThreads,
          db.cursors,
        ],
        async () => {
          await db.categories.clear();
          await db.profiles.clear();
          await db.keptThreads.clear();
          await db.cursors.toCollection().modify({ txid: 0 });
          for (const table of [db.threads, db.posts, db.messages, db.likes, db.threadReads, db.bookmarks]) {
            await table.filter((row: { _status?: string }) => row._status === undefined).delete();
          }
        },
      ),
    );
    await this.pull();
  }

  /** The context for enqueueing writes as the signed-in member; null when nobody is signed in. */
  writer(): WriteContext | null {
    if (!this.userId) return null;
    return { db: this.deps.db, userId: this.userId, now: () => this.deps.clock.now(), newId: this.newId };
  }

  /** Sends what waits, then pulls. */
  async sync(): Promise<void> {
    await this.flush();
    await this.pull();
  }

  async refreshCounts() {
    const { db } = this.deps;
    const uid = this.userId ?? '';
    const [pending, failed] = await Promise.all([
      db.outbox.where('userId').equals(uid).count(),
      db.failed.where('userId').equals(uid).count(),
    ]);
    this.status.set({ pending, failed });
  }

  async pull(): Promise<void> {
    if (!this.deps.env.isOnline()) return;
    await this.deps.locks.request(PULL_LOCK, async () => {
      await this.ready;
      const { db, clock } = this.deps;
      const { client } = this;
      const firstLoad = (await db.cursors.get('threads')) === undefined;
      this.status.set({ pulling: { rows: 0, firstLoad } });
      try {
        let rows = 0;
        const network = await this.network();
        const { pullChanges, keepRecentThreads, keepBookmarkedThreads, evictStaleThreads } = network;
        await pullChanges({
          db,
          client,
          userId: this.userId,
          pageSize: this.options.pageSize,
          onProgress: (p) => {
            rows += p.rows;
            this.status.set({ pulling: { rows, firstLoad } });
          },
        });
        this.touchLastSeen(network.touchLastSeen);
        await keepRecentThreads(db, client, this.options.keepRecentThreads, this.options.pageSize);
        await keepBookmarkedThreads(db, client, this.options.pageSize, clock.now());
        await this.pullMe();
        await evictStaleThreads(db, this.options.keepRecentThreads, clock.now(), this.options.evictAfterMs);
        this.status.set({ pulling: null, lastSyncAt: clock.now(), lastError: null, unreachable: false });
      } catch (e) {
        const lastError = e instanceof Error ? e.message : String(e);
        // The network code not loading is the connection too, as in openThread.
        const network = await this.network().catch(() => null);
        const unreachable = network ? network.errorKind(e) === 'network' : true;
        this.status.set({ pulling: null, lastError, unreachable });
      }
    });
  }

  /**
   * Stamps the member's last seen once a pull has reached the server, at most once a minute. Nothing waits on it:
   * a failure is logged, never shown, and the next pull after the interval tries again.
   */
  private touchLastSeen(touch: (client: ForumClient) => Promise<void>) {
    const now = this.deps.clock.now();
    if (!this.userId) return;
    if (this.lastSeenTouchedAt !== undefined && now - this.lastSeenTouchedAt < LAST_SEEN_INTERVAL_MS) return;
    this.lastSeenTouchedAt = now;
    touch(this.client).catch((error: unknown) => this.deps.env.logBug?.(error, 'Stamping last seen failed'));
  }

  private async pullMe() {
    if (!this.userId) return;
    const { db } = this.deps;
    const { client } = this;
    const { data, error, status } = await client.from('profile_private').select(ME_COLUMNS).eq('id', this.userId);
    const { checked, pendingTargets } = await this.network();
    checked(error, status);
    const [me] = data ?? [];
    if (!me || me.id !== this.userId) return;
    // A settings change still waiting to send keeps the member's value on the screen.
    await db.transaction('rw', [db.me, db.outbox], async () => {
      if (!(await pendingTargets(db)).has(me.id)) await db.me.put(me);
    });
  }

  /**
   * Makes sure the thread and its posts are in the mirror; the screen renders from the mirror either way.
   * Rejects on a failure other than the network (a full disk, a refused request).
   */
  async openThread(idOrSlug: string): Promise<OpenThreadResult> {
    const { db, clock, env } = this.deps;
    await this.ready;
    const { client } = this;
    const local = await threadRowAt(db, idOrSlug);
    if (local && (await db.keptThreads.get(local.id))) {
      await db.keptThreads.put({ thread_id: local.id, touched_at: clock.now() });
      return 'mirrored';
    }
    if (!env.isOnline()) return 'offline';
    // The network code not loading is the connection too (it is cached with the app once online).
    const network = await this.network().catch(() => null);
    if (!network) return 'offline';
    const { fetchThread, fetchThreadPosts, fetchMissingProfiles, errorKind } = network;
    return this.deps.locks.request(PULL_LOCK, async () => {
      try {
        // A slug this device showed for its own thread may belong to another thread on the server now.
        const thread = await fetchThread(db, client, local?.id ?? idOrSlug);
        if (!thread) return 'missing';
        await fetchThreadPosts(db, client, [thread.id], this.options.pageSize, clock.now());
        const posts = await postsOfThread(db, thread.id).toArray();
        await fetchMissingProfiles(db, client, [thread.author_id, ...posts.map((p) => p.author_id)]);
        return 'mirrored';
      } catch (error) {
        // Only a request that got no answer means offline; anything else is a failure the screen must not hide.
        if (errorKind(error) === 'network') return 'offline';
        throw error;
      }
    });
  }

  /**
   * Makes sure a member's profile is in the mirror (one who signed up since the last pull); the screen renders
   * from the mirror either way. Rejects on a failure other than the network.
   */
  async openProfile(id: string): Promise<OpenThreadResult> {
    const { db, env } = this.deps;
    if (await db.profiles.get(id)) return 'mirrored';
    if (!env.isOnline()) return 'offline';
    await this.ready;
    const network = await this.network().catch(() => null);
    if (!network) return 'offline';
    try {
      await network.fetchMissingProfiles(db, this.client, [id]);
    } catch (error) {
      if (network.errorKind(error) === 'network') return 'offline';
      throw error;
    }
    return (await db.profiles.get(id)) ? 'mirrored' : 'missing';
  }

  /** Wakes the flush soon, e.g. right after a write was enqueued. */
  kick() {
    void this.refreshCounts();
    if (!this.deps.env.isOnline()) this.deps.env.requestBackgroundSync?.();
    void this.flush();
  }

  /**
   * The service worker's flush: no tab, so no supabase-js session; the caller vouches for the member whose
   * still-valid access token the client carries.
   */
  async flushAs(userId: string): Promise<void> {
    this.userId = userId;
    this.sessionUser = async () => userId;
    await this.flush();
  }

  /** Who the server will take the requests to be from; refreshes an expired token first (supabase-js does). */
  private sessionUser = async (): Promise<string | undefined> => {
    await this.ready;
    const { data } = await this.client.auth.getSession();
    return data.session?.user.id;
  };

  /** Sends the signed-in member's waiting writes in order. Tabs share the lock, so no write goes out twice. */
  async flush(): Promise<void> {
    if (!this.deps.env.isOnline()) return;
    await this.deps.locks.request(OUTBOX_LOCK, () => this.flushLocked());
    await this.refreshCounts();
  }

  private async flushLocked() {
    await this.ready;
    const { db, clock, random } = this.deps;
    const { client } = this;
    const {
      pushWrite,
      settleSent,
      settleRetry,
      settleRefused,
      settleRateLimited,
      classifyFailure,
      rateLimitOf,
      kindOf,
    } = await this.network();
    // An access token that expired offline is refreshed here, before anything is sent; a refused refresh signs
    // the member out (and leaves their writes waiting for their next sign-in).
    const userId = await this.sessionUser();
    if (!userId || userId !== this.userId) return;
    for (;;) {
      const entry = await db.outbox.where('userId').equals(userId).first();
      if (!entry) {
        this.status.set({ rateLimit: null });
        return;
      }
      const now = clock.now();
      // The post a wait shows on (a reply, a new thread's opening post), else the row the write is about.
      const kind = kindOf(entry.write);
      const target = kind.shownOn?.(entry.write).post || kind.target(entry.write);
      if (entry.notBefore > now) {
        const { rateLimit } = entry;
        this.status.set({ rateLimit: rateLimit ? { ...rateLimit, target, until: entry.notBefore } : null });
        this.scheduleRetry(entry.notBefore - now);
        return;
      }
      const outcome = await pushWrite({ db, client, userId, random }, entry.write);
      // A send that got no answer says the server cannot be reached; any answer says it can.
      this.status.set({ unreachable: outcome.result === 'failed' && outcome.failure.status === 0, rateLimit: null });
      const limit = outcome.result === 'failed' ? rateLimitOf(outcome.failure) : null;
      if (limit && outcome.result === 'failed') {
        // Not a failure: the server takes this same write once the limit's time is over. Later writes wait behind
        // it, in order, as they would behind any retry.
        const until = now + limit.retryAfterS * 1000;
        const waiting = { limit: limit.limit, message: outcome.failure.message };
        await settleRateLimited(db, entry, until, waiting);
        this.status.set({ rateLimit: { ...waiting, target, until } });
        this.scheduleRetry(until - now);
        this.deps.env.requestBackgroundSync?.();
        return;
      }
      if (outcome.result === 'sent') {
        await settleSent(db, entry, outcome);
      } else if (outcome.result === 'failed' && classifyFailure(outcome.failure) === 'retry') {
        const delay = backoffDelay(entry.attempts, random, this.options.backoff);
        await settleRetry(db, entry, now + delay, outcome.failure.message);
        this.scheduleRetry(delay);
        this.deps.env.requestBackgroundSync?.();
        // Later writes may depend on this one (a reply to a thread not yet created): keep the order.
        return;
      } else {
        if (outcome.result === 'failed' && outcome.bug !== undefined)
          this.deps.env.logBug?.(outcome.bug, `Sending a ${entry.write.kind} write failed`);
        await settleRefused(db, entry, outcome, now);
      }
      await this.refreshCounts();
    }
  }

  private scheduleRetry(ms: number) {
    const { timers } = this.deps;
    timers.clearTimeout(this.retryTimer);
    this.retryTimer = timers.setTimeout(() => void this.flush(), ms);
  }
}
