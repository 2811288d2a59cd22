// A test device: its own IndexedDB (fake-indexeddb), a switchable network in front of the real local stack,
// a clock the test moves, and a sync engine over them. Two "tabs" of one device share the IndexedDB and the locks.
import { createClient } from '@supabase/supabase-js';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import type { ForumClient } from '../../../src/backend/client.ts';
import type { Database } from '../../../src/backend/database.ts';
import { openMirror, type Mirror } from '../../../src/data/mirror.ts';
import { SYNCED_TABLES, type SyncedTable } from '../../../src/data/syncedTables.ts';
import { SyncEngine, type EngineOptions, type SyncEnvironment } from '../../../src/sync/engine.ts';
import { memoryLocks, type Locks } from '../../../src/sync/locks.ts';
import type { WriteContext } from '../../../src/sync/outbox.ts';
import type { Db } from '../../../supabase/local/db.ts';
import type { TestStack } from '../stack.ts';

/** What the network does with the next requests. */
export type NetworkMode = 'up' | 'down' | 'drop-answers';

export class Network {
  mode: NetworkMode = 'up';
  /** Requests that reached the server (all modes but 'down'). */
  delivered = 0;
  /** The addresses of the requests sent to the server, in order, counted as they leave. */
  readonly urls: string[] = [];

  readonly fetch: typeof fetch = async (input, init) => {
    if (this.mode === 'down') throw new TypeError('fetch failed');
    this.urls.push(input instanceof Request ? input.url : String(input));
    const response = await fetch(input, init);
    this.delivered += 1;
    if (this.mode === 'drop-answers') {
      // The server did the work; the answer is lost on the way back.
      await response.arrayBuffer();
      throw new TypeError('fetch failed');
    }
    return response;
  };
}

export class TestEnvironment implements SyncEnvironment {
  online = true;
  private handlers: { online(): void; offline(): void; focus(): void }[] = [];

  isOnline = () => this.online;
  isVisible = () => true;

  subscribe(handlers: { online(): void; offline(): void; focus(): void }) {
    this.handlers.push(handlers);
    return () => {
      this.handlers = this.handlers.filter((h) => h !== handlers);
    };
  }

  setOnline(online: boolean) {
    this.online = online;
    for (const h of this.handlers) (online ? h.online : h.offline)();
  }
}

export class TestClock {
  constructor(public t = Date.now()) {}
  now = () => this.t;
  advance(ms: number) {
    this.t += ms;
  }
}

/** Timers that run zero-delay callbacks (supabase-js auth events) and leave the rest to the test. */
function testTimers() {
  return {
    setTimeout: (fn: () => void, ms: number) => (ms === 0 ? setTimeout(fn, 0) : undefined),
    clearTimeout: () => undefined,
  };
}

export interface Browser {
  indexedDB: IDBFactory;
  locks: Locks;
}

export function newBrowser(): Browser {
  return { indexedDB: new IDBFactory(), locks: memoryLocks() };
}

export interface Device {
  db: Mirror;
  client: ForumClient;
  engine: SyncEngine;
  network: Network;
  env: TestEnvironment;
  clock: TestClock;
  writer(): WriteContext;
  signIn(email: string, password: string): Promise<string>;
  close(): void;
}

export interface DeviceOptions {
  browser?: Browser;
  options?: Partial<EngineOptions>;
  /** The same browser storage key makes two tabs share one session, as in a real browser. */
  storageKey?: string;
  /** Runs once the engine has begun to start, before its start has ended. */
  whileStarting?(env: TestEnvironment): void;
}

/** A supabase-js client with a session kept in memory, as the app keeps it in localStorage. */
function makeClient(url: string, anonKey: string, network: Network, storageKey: string): ForumClient {
  const store = new Map<string, string>();
  return createClient<Database>(url, anonKey, {
    auth: {
      persistSession: true,
      autoRefreshToken: false,
      detectSessionInUrl: false,
      storageKey,
      storage: {
        getItem: (k) => store.get(k) ?? null,
        setItem: (k, v) => void store.set(k, v),
        removeItem: (k) => void store.delete(k),
      },
    },
    global: { fetch: network.fetch },
  });
}

export async function newDevice(stack: { url: string; anonKey: string }, opts: DeviceOptions = {}): Promise<Device> {
  const browser = opts.browser ?? newBrowser();
  const network = new Network();
  const env = new TestEnvironment();
  const clock = new TestClock();
  const client = makeClient(stack.url, stack.anonKey, network, opts.storageKey ?? 'sb-test-auth');
  const db = openMirror({ indexedDB: browser.indexedDB, IDBKeyRange });
  const engine = new SyncEngine({
    db,
    client,
    clock,
    timers: testTimers(),
    random: Math.random,
    locks: browser.locks,
    env,
    options: { backoff: { baseMs: 10, maxMs: 50 }, ...opts.options },
  });
  const started = engine.start();
  opts.whileStarting?.(env);
  await started;
  return {
    db,
    client,
    engine,
    network,
    env,
    clock,
    writer() {
      const w = engine.writer();
      if (!w) throw new Error('nobody is signed in on this device');
      return w;
    },
    async signIn(email, password) {
      const { data, error } = await client.auth.signInWithPassword({ email, password });
      if (error || !data.user) throw new Error(`sign-in failed: ${error?.message}`);
      await waitFor(() => engine.currentUserId === data.user.id);
      return data.user.id;
    },
    close() {
      engine.stop();
      db.close();
    },
  };
}

export async function waitFor(check: () => boolean | Promise<boolean>, timeoutMs = 5_000) {
  const start = Date.now();
  while (!(await check())) {
    if (Date.now() - start > timeoutMs) throw new Error('timed out waiting for a condition');
    await new Promise((r) => setTimeout(r, 10));
  }
}

/**
 * Pulls until the device's cursors have passed every transaction that had started before this call. On a shared
 * PostgreSQL, another test's open transaction holds the watermark back for a while: a pull then defers newer rows
 * to a later pull (never skips them), so "synced" means "pulled past the writes", not "pulled once". The bound is
 * for a machine under load, where other files' transactions (a 500-post ban, a seed) stay open for many seconds.
 */
export async function catchUp(device: Device, db: Db, timeoutMs = 60_000) {
  const { rows } = await db.query<{ xmax: string }>('select pg_snapshot_xmax(pg_current_snapshot())::text as xmax');
  const target = Number(rows[0]!.xmax);
  const signedIn = device.engine.currentUserId !== null;
  const tables: SyncedTable[] = [
    ...SYNCED_TABLES.filter((t) => signedIn || !t.own).map((t) => t.name),
    'sync_tombstones',
  ];
  const start = Date.now();
  for (;;) {
    await device.engine.pull();
    const cursors = await device.db.cursors.bulkGet(tables);
    if (cursors.every((c) => (c?.txid ?? 0) >= target)) return;
    if (Date.now() - start > timeoutMs) throw new Error(`the pull did not pass transaction ${target} in time`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * A fresh member signed in on a new device that has done its first sync, pulled past the member's own profile (on a
 * shared PostgreSQL, one sync may defer it: see `catchUp`); the device is added to `devices`.
 */
export async function signedInDevice(stack: TestStack, devices: Device[], browser = newBrowser()) {
  const member = await stack.newMember();
  const device = await newDevice(stack, { browser });
  devices.push(device);
  await device.signIn(member.email, member.password);
  await device.engine.sync();
  await catchUp(device, stack.db);
  return { device, member };
}
