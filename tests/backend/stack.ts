// Starts a fresh local stack for one test file: in-memory PGlite, or a new database on DATABASE_URL's server.
import type { WalletSettings } from '../../supabase/local/context.ts';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import type { ApiKeySettings } from '../../supabase/local/apiKeys.ts';
import type { AuthRateLimits } from '../../supabase/local/auth/rateLimits.ts';
import type { Clock } from '../../supabase/local/clock.ts';
import { openPostgres, type Db, type RoleTimeouts } from '../../supabase/local/db.ts';
import type { FairQueueLimits } from '../../supabase/local/fairQueue.ts';
import type { PenaltyLimits } from '../../supabase/local/timeoutPenalty.ts';
import type { RealtimeLimits } from '../../supabase/local/realtime/realtimeLimits.ts';
import { applyAsMigrator } from '../../supabase/local/migrate.ts';
import { liftPostRateLimits } from '../../supabase/local/postRateLimits.ts';
import { startStack, type Stack } from '../../supabase/local/server.ts';
import '../../supabase/local/noRealtimeSocket.ts';
import { createMigratedPostgres, openMigratedPglite, withAdmin, type Contents } from '../support/migratedDatabase.ts';

export const DEMO = {
  admin: { email: 'admin@guapcoin.local', password: 'guapadmin123' },
  moderator: { email: 'mod@guapcoin.local', password: 'guapmod123' },
  member: { email: 'member@guapcoin.local', password: 'guapmember123' },
} as const;

/** A fixed secret, so a test can sign its own tokens; the stacks listen on 127.0.0.1 only. */
export const TEST_JWT_SECRET = 'backend-tests-only-jwt-secret-for-127.0.0.1-stacks';

export interface TestStack extends Stack {
  db: Db;
  /** A supabase-js client with no session (anon). */
  anon(): SupabaseClient;
  /** A supabase-js client using the service_role key. */
  service(): SupabaseClient;
  /** A supabase-js client signed in with email and password. */
  signIn(email: string, password: string): Promise<SupabaseClient>;
  /** Stops the stack's server and starts it again on the same port and database, as a restart of `npm start`. */
  restart(): Promise<void>;
  /** Creates a confirmed account directly in auth.users and returns a signed-in client and its id. */
  newMember(username?: string): Promise<{ client: SupabaseClient; id: string; email: string; password: string }>;
}

export interface TestStackOptions {
  seed?: boolean;
  /** false: only the Supabase bootstrap, no project migrations (protocol tests with their own tables). */
  migrations?: boolean;
  extraSql?: string;
  jwtExpiry?: number;
  /** The sign-in and sign-up limits; off unless asked, since a test file signs in many times from one IP. */
  authRateLimits?: AuthRateLimits;
  /** A folder served as the built app. */
  staticDir?: string;
  /** TRUST_PROXY: the proxies whose X-Forwarded-For names the client. */
  trustProxy?: string;
  /** Run send-notifications after REST writes, as `npm start` does; off unless asked. */
  sendNotifications?: boolean;
  /** Run check-tip's scheduled check when a pending tip is due, as `npm start` does; off unless asked. */
  checkTips?: boolean;
  /** Settings for the Edge Functions beyond the stack's own. */
  functionEnv?: Record<string, string>;
  /** bcrypt's cost for new passwords: the least (4) unless asked, since a file makes dozens of accounts. */
  passwordHashCost?: number;
  /** The wallet's chain settings (WALLET_* of `npm start`). */
  wallet?: WalletSettings;
  /** The database's posting limits (public.forum_limits): lifted unless asked, since tests post quickly. */
  rateLimits?: 'default' | 'relaxed';
  /** PUSH_TEST_ORIGIN: the push service fixture's origin, which push endpoints may then name. */
  pushTestOrigin?: string;
  /** On PGlite, statement timeouts replacing the roles' own (npm start's PGLITE_STATEMENT_TIMEOUTS); unset, theirs. */
  pgliteStatementTimeouts?: RoleTimeouts;
  /** Turns at the database per client (fairQueue.ts); the stack's defaults unless asked. */
  fairQueue?: FairQueueLimits | false;
  /** Refusals after a statement past its timeout (timeoutPenalty.ts); none unless asked, as tests run many. */
  timeoutPenalty?: PenaltyLimits | false;
  /** The realtime websocket's clock; the system's unless a test moves time itself. */
  realtimeClock?: Clock;
  /** The publishable and secret keys, and whether the legacy JWT keys still work (npm start's LEGACY_API_KEYS). */
  apiKeys?: ApiKeySettings;
  /** Limits of the realtime websocket beyond its defaults. */
  realtimeLimits?: Partial<RealtimeLimits>;
}

/** A database for one test file, copied from a migrated template (so only `extraSql` is left to apply). */
async function openTestDb(options: TestStackOptions): Promise<{ db: Db; drop: () => Promise<void> }> {
  const contents: Contents = options.migrations === false ? 'bootstrap' : options.seed === false ? 'bare' : 'seeded';
  const url = process.env.DATABASE_URL;
  if (!url) return { db: await openMigratedPglite(contents), drop: async () => undefined };
  const name = `guap_test_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const db = await openPostgres(await createMigratedPostgres(url, name, contents));
  const drop = () =>
    withAdmin(url, (admin) => admin.query(`drop database if exists ${name} with (force)`)).then(() => {});
  return { db, drop };
}

let counter = 0;

export async function startTestStack(options: TestStackOptions = {}): Promise<TestStack> {
  const { db, drop } = await openTestDb(options);
  try {
    if (options.extraSql) await applyAsMigrator(db, options.extraSql);
    if (options.migrations !== false && options.rateLimits !== 'default') await liftPostRateLimits(db);
  } catch (e) {
    await db.close();
    await drop();
    throw e;
  }
  const storageDir = await mkdtemp(join(tmpdir(), 'guap-storage-'));
  const start = (port?: number) =>
    startStack({
      port,
      db,
      jwtSecret: TEST_JWT_SECRET,
      storageDir,
      jwtExpiry: options.jwtExpiry,
      passwordHashCost: options.passwordHashCost ?? 4,
      authRateLimits: options.authRateLimits ?? false,
      staticDir: options.staticDir,
      trustProxy: options.trustProxy,
      sendNotifications: options.sendNotifications,
      checkTips: options.checkTips,
      functionEnv: options.functionEnv,
      wallet: options.wallet,
      pushTestOrigin: options.pushTestOrigin,
      pgliteStatementTimeouts: options.pgliteStatementTimeouts,
      fairQueue: options.fairQueue,
      timeoutPenalty: options.timeoutPenalty ?? false,
      realtimeClock: options.realtimeClock,
      apiKeys: options.apiKeys,
      realtimeLimits: options.realtimeLimits,
    });
  let stack = await start();
  const make = (key: string) =>
    createClient(stack.url, key, {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    });
  const signIn = async (email: string, password: string) => {
    const client = make(stack.anonKey);
    const { error } = await client.auth.signInWithPassword({ email, password });
    if (error) throw new Error(`sign-in of ${email} failed: ${error.message}`);
    return client;
  };
  return {
    ...stack,
    db,
    anon: () => make(stack.anonKey),
    service: () => make(stack.serviceKey),
    signIn,
    async newMember(username) {
      counter += 1;
      const name = username ?? `member${process.pid}x${counter}`;
      const email = `${name}@example.test`;
      const password = 'correct-horse-7';
      const { data, error } = await make(stack.anonKey).auth.signUp({
        email,
        password,
        options: { data: { username: name } },
      });
      if (error || !data.user) throw new Error(`sign-up failed: ${error?.message}`);
      await db.query('update auth.users set email_confirmed_at = now() where id = $1', [data.user.id]);
      return { client: await signIn(email, password), id: data.user.id, email, password };
    },
    async restart() {
      await stack.close();
      stack = await start(Number(new URL(stack.url).port));
    },
    async close() {
      await stack.close();
      await db.close();
      await drop();
      await rm(storageDir, { recursive: true, force: true });
    },
  };
}
