// `npm start`'s work: open the database, migrate and seed it, then serve the built app and the local stack on one
// origin, as the environment says (env.ts), until SIGINT or SIGTERM.
import { join, resolve } from 'node:path';
import { openPostgres, type Db, type RoleTimeouts } from './db.ts';
import { openPglite } from './pgliteThread.ts';
import { checkApiKeySettings } from './apiKeys.ts';
import { clientAddress } from './clientAddress.ts';
import { lockDataDir } from './dataDirLock.ts';
import { ownerOnlyDataDir, tightenDataDir } from './dataDirModes.ts';
import { parseRoleTimeouts, readEnv } from './env.ts';
import { migrate } from './migrate.ts';
import { liftPostRateLimits } from './postRateLimits.ts';
import { assertDatabaseFitsHost } from './exposedDatabase.ts';
import { assertPushTestOriginFitsHost } from './pushTestOrigin.ts';
import { assertSecretFitsHost, projectJwtSecret } from './secret.ts';
import { startStack, type Stack } from './server.ts';
import { projectVapidKeys, type VapidKeys } from './vapid.ts';

/** What a test server may set beyond the environment: bcrypt's cost, which the browser tests' servers lower. */
export interface ServeOverrides {
  passwordHashCost?: number;
}

export async function serveLocalStack(overrides: ServeOverrides = {}): Promise<{ db: Db; stack: Stack }> {
  const env = readEnv();
  // The owner's alone (700, files 600), before the secrets, the database or an upload is written there.
  await ownerOnlyDataDir(env.dataDir);
  let jwtSecret: string;
  let vapidKeys: VapidKeys;
  let pgliteStatementTimeouts: RoleTimeouts | undefined;
  let unlock: (() => Promise<void>) | undefined;
  try {
    // Before anything is made or opened: a refused start changes nothing.
    assertDatabaseFitsHost(env.databaseUrl, env.host);
    assertPushTestOriginFitsHost(env.pushTestOrigin, env.host);
    // The embedded database is one process's; PostgreSQL guards its own.
    if (!env.databaseUrl) unlock = await lockDataDir(env.dataDir);
    jwtSecret = await projectJwtSecret(env.dataDir, env.jwtSecret);
    assertSecretFitsHost(jwtSecret, env.host);
    checkApiKeySettings(env.apiKeys);
    clientAddress(env.trustProxy);
    pgliteStatementTimeouts = parseRoleTimeouts(env.pgliteStatementTimeouts);
    vapidKeys = await projectVapidKeys(env.dataDir, { publicKey: env.vapidPublicKey, privateKey: env.vapidPrivateKey });
  } catch (e) {
    console.error(e instanceof Error ? e.message : e);
    process.exit(1);
  }
  const db = env.databaseUrl ? await openPostgres(env.databaseUrl) : await openPglite(join(env.dataDir, 'db'));
  const { applied, seeded } = await migrate(db);
  // PGlite makes some files at open with its own modes (pg_internal.init came out 644 under umask 077).
  if (!env.databaseUrl) await tightenDataDir(env.dataDir);
  if (applied.length) console.log(`Applied ${applied.length} migration(s)${seeded ? ' and the seed data' : ''}.`);
  if (!env.postRateLimits) await liftPostRateLimits(db);
  const stack = await startStack({
    db,
    jwtSecret,
    storageDir: join(env.dataDir, 'storage'),
    port: env.port,
    host: env.host,
    siteUrl: env.siteUrl,
    staticDir: resolve('dist'),
    exposeMailbox: env.exposeMailbox,
    authRateLimits: env.authRateLimits ? undefined : false,
    trustProxy: env.trustProxy,
    pgliteStatementTimeouts,
    vapidKeys,
    sendNotifications: true,
    checkTips: true,
    wallet: env.wallet,
    pushTestOrigin: env.pushTestOrigin,
    apiKeys: env.apiKeys,
    ...overrides,
  });
  console.log(`GuapCoin Forum is running at ${stack.url}`);
  if (stack.ctx.mailbox !== 'off') console.log(`Local mailbox: ${stack.url}/local/mail`);

  let stopping = false;
  async function stop() {
    if (stopping) return;
    stopping = true;
    await stack.close();
    await db.close();
    await unlock?.();
    process.exit(0);
  }
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
  return { db, stack };
}
