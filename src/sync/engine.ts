// The sync engine: one instance per app (or per test device), with its clock, timers, locks and network injected.
import type { Session } from '@supabase/supabase-js';
import type { ForumClient } from '../backend/client.ts';
import type { Mirror } from '../data/mirror.ts';
import { importOnce } from '../lib/importOnce.ts';
import { createUuidV7 } from '../lib/uuidv7.ts';
import { DEFAULT_OPTIONS, type EngineDeps, type EngineOptions, type OpenThreadResult } from './engineTypes.ts';
import { DeviceMember } from './deviceMember.ts';
import { LastSeenStamp } from './lastSeen.ts';
import { LiveLink } from './liveLink.ts';
import type { WriteContext } from './outbox.ts';
import type { OutboxSender } from './outboxSender.ts';
import { StatusStore } from './status.ts';
import { shareSession } from './workerSession.ts';
import { openProfile, openThread, type OpenContext } from './openOnDevice.ts';
import type { Topic } from '../data/syncedTables.ts';

export type { EngineOptions, OpenThreadResult, SyncEnvironment } from './engineTypes.ts';

const PULL_LOCK = 'guap-pull';

export class SyncEngine {
  readonly status = new StatusStore();
  readonly options: EngineOptions;
  private readonly member: DeviceMember;
  private stops: (() => void)[] = [];
  private intervalTimer: unknown;
  private stopped = false;
  private readonly lastSeen = new LastSeenStamp();
  /** Live updates: pokes pull; while the socket is up, the interval pull waits longer. */
  private readonly live = new LiveLink(
    (topics) => this.pull(topics),
    () => {
      this.deps.timers.clearTimeout(this.intervalTimer);
      this.scheduleInterval();
    },
  );

  /** Ids for rows made here: time-ordered, so waiting writes list in the order they were made. */
  private readonly newId: () => string;

  private client!: ForumClient;
  private readonly network = importOnce(() => import('./network.ts'));
  /** Loaded apart from the engine: it brings the table of write kinds, which the first screen does not need. */
  private readonly pendingRows = importOnce(() => import('./pendingRows.ts'));
  /** Loaded apart too: it brings the table of synced tables. */
  private readonly mirrorReset = importOnce(() => import('./mirrorReset.ts'));
  /** The send side, loaded at the first flush: the first screen sends nothing. */
  private loadedSender: OutboxSender | undefined;
  private readonly sender = importOnce(async () => {
    const { OutboxSender } = await import('./outboxSender.ts');
    return (this.loadedSender = new OutboxSender({
      deps: this.deps,
      options: this.options,
      status: this.status,
      client: () => this.ready.then(() => this.client),
      network: this.network,
      userId: () => this.member.id,
      refreshCounts: () => this.refreshCounts(),
      background: (work) => this.background(work),
    }));
  });
  private readonly opening: OpenContext;
  /** Settles once the backend client is there; every network step waits for it. */
  private readonly ready: Promise<void>;

  constructor(private readonly deps: EngineDeps) {
    this.options = { ...DEFAULT_OPTIONS, ...deps.options };
    this.newId = createUuidV7(() => deps.clock.now(), deps.random);
    this.member = new DeviceMember((userId) => this.setUser(userId), deps.env.logBug);
    this.ready = Promise.resolve(deps.client).then((client) => {
      this.client = client;
    });
    this.opening = {
      deps,
      pageSize: this.options.pageSize,
      pullLock: PULL_LOCK,
      network: this.network,
      client: () => this.ready.then(() => this.client),
    };
  }

  get currentUserId() {
    return this.member.id;
  }

  /** The mirror the screens read. */
  get db(): Mirror {
    return this.deps.db;
  }

  get now(): number {
    return this.deps.clock.now();
  }

  /** Picks up the session, listens for auth, network and focus events, and runs a first sync. */
  async start(): Promise<void> {
    const { env, timers } = this.deps;
    this.status.set({ online: env.isOnline() });
    // Both lazy modules are fetched while the client and the session load, not one after the other before the sync.
    for (const load of [this.pendingRows, this.mirrorReset, this.network]) void load().catch(() => undefined);
    await this.ready;
    const { client } = this;
    const { data } = await client.auth.getSession();
    await this.member.begin(data.session?.user.id ?? null);
    await this.shareSession(data.session);
    const { data: auth } = client.auth.onAuthStateChange((_event, session) => {
      void this.shareSession(session);
      const next = session?.user.id ?? null;
      // Token refreshes keep the member: only a different member (or none) changes what the device holds.
      if (next === this.member.requested) return;
      this.member.requested = next;
      // supabase-js must not be called from inside its own callback: continue on the next tick.
      timers.setTimeout(() => {
        this.background(this.member.switchTo(next).then(() => this.sync()));
      }, 0);
    });
    this.stops.push(() => auth.subscription.unsubscribe());
    this.stops.push(
      env.subscribe({
        online: () => {
          this.status.set({ online: true });
          this.background(this.sync());
        },
        offline: () => this.status.set({ online: false }),
        focus: () => this.background(this.pull()),
      }),
    );
    // The connection may have changed while the session loaded, with nothing listening yet.
    this.status.set({ online: env.isOnline() });
    this.scheduleInterval();
    await this.refreshCounts();
    this.background(this.sync());
    // The live socket opens after the first sync has begun; a failure leaves the engine pulling as before.
    if (this.deps.live) {
      this.live.start(this.deps.live).catch((error: unknown) => {
        env.logBug?.(error, 'Live updates could not start; pulling on the interval');
      });
    }
  }

  /** The session's member and token go to the live socket (a refreshed token too), and to the service worker. */
  private async shareSession(session: Session | null) {
    void this.live.setSession(session);
    if (this.deps.backend) await shareSession(this.deps.db, this.deps.backend, session);
  }

  stop() {
    this.stopped = true;
    for (const stop of this.stops.splice(0)) stop();
    this.live.stop();
    this.loadedSender?.stop();
    this.deps.timers.clearTimeout(this.intervalTimer);
  }

  /** Work nobody waits for: once the engine has stopped (its mirror closed under it), its failure is no one's. */
  private background(work: Promise<unknown>) {
    void work.catch((error: unknown) => (this.stopped ? undefined : Promise.reject(error)));
  }

  private scheduleInterval() {
    const { timers, env } = this.deps;
    this.intervalTimer = timers.setTimeout(
      () => {
        if (env.isVisible() && env.isOnline()) this.background(this.pull());
        this.scheduleInterval();
      },
      this.live.up ? this.options.livePullIntervalMs : this.options.pullIntervalMs,
    );
  }

  /**
   * A different member (or none) on this device: their private rows go, the cursor of the private tables restarts,
   * and unsent rows follow their author. The outbox itself is never emptied here.
   */
  private async setUser(userId: string | null) {
    const { db } = this.deps;
    await (await this.mirrorReset()).forgetOtherMember(db, userId);
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
    const { forgetDownloaded } = await this.mirrorReset();
    await this.deps.locks.request(PULL_LOCK, () => forgetDownloaded(this.deps.db));
    await this.pull();
  }

  /** The writer, once the stored session is read: the first screen, which may write, comes before the engine. */
  async writerOnceStarted(): Promise<WriteContext | null> {
    await this.member.known();
    return this.writer();
  }

  /** The context for enqueueing writes as the signed-in member; null when nobody is signed in. */
  writer(): WriteContext | null {
    if (!this.member.id) return null;
    return { db: this.deps.db, userId: this.member.id, now: () => this.deps.clock.now(), newId: this.newId };
  }

  /** Sends what waits, then pulls. */
  async sync(): Promise<void> {
    if (this.deps.env.isOnline()) await this.member.retry();
    await this.flush();
    await this.pull();
  }

  async refreshCounts() {
    const { db } = this.deps;
    const uid = this.member.id ?? '';
    const [pending, failed] = await Promise.all([
      db.outbox.where('userId').equals(uid).count(),
      db.failed.where('userId').equals(uid).count(),
    ]);
    this.status.set({ pending, failed });
  }

  /** Pulls what changed on the server: everything, or the tables of the topics a poke named. */
  async pull(topics?: ReadonlySet<Topic>): Promise<void> {
    if (!this.deps.env.isOnline()) return;
    await this.deps.locks.request(PULL_LOCK, async () => {
      await this.ready;
      const { db, clock } = this.deps;
      const firstLoad = (await db.cursors.get('threads')) === undefined;
      this.status.set({ pulling: { rows: 0, firstLoad } });
      try {
        const network = await this.network();
        const round = {
          db,
          client: this.client,
          userId: this.member.id,
          options: this.options,
          now: clock.now(),
          onProgress: (rows: number) => this.status.set({ pulling: { rows, firstLoad } }),
          reached: () => {
            const { client } = this;
            const userId = this.member.id;
            if (userId)
              this.lastSeen.touch(userId, clock.now(), () => network.touchLastSeen(client), this.deps.env.logBug);
          },
        };
        await (this.deps.pullRound ?? network.pullRound)(round, topics);
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

  openThread(idOrSlug: string): Promise<OpenThreadResult> {
    return openThread(this.opening, idOrSlug);
  }

  openProfile(id: string): Promise<OpenThreadResult> {
    return openProfile(this.opening, id);
  }

  /** Wakes the flush soon, e.g. right after a write was enqueued. */
  kick() {
    this.background(this.refreshCounts());
    if (!this.deps.env.isOnline()) this.deps.env.requestBackgroundSync?.();
    this.background(this.flush());
  }

  /**
   * The service worker's flush: no tab, so no supabase-js session; the caller vouches for the member whose
   * still-valid access token the client carries.
   */
  async flushAs(userId: string): Promise<void> {
    this.member.id = userId;
    (await this.sender()).vouchFor(userId);
    await this.flush();
  }

  /** Sends the signed-in member's waiting writes in order; offline or stopped, nothing, with no code loaded for it. */
  async flush(): Promise<void> {
    if (this.deps.env.isOnline() && !this.stopped) await (await this.sender()).flush();
  }
}
