// The local stack's settings, read from the environment once, with the documented defaults.
import { resolve } from 'node:path';
import type { ApiKeySettings } from './apiKeys.ts';
import type { WalletSettings } from './context.ts';
import type { RoleTimeouts } from './db.ts';

/**
 * PGlite's statement timeouts for visitors and members, far under hosted's 3 s and 8 s: PGlite runs one statement at
 * a time, so each other client waits out a slow one.
 */
export const PGLITE_STATEMENT_TIMEOUTS = 'anon=1s,authenticated=3s';

/** `anon=1s,authenticated=3s` as RoleTimeouts; `off` keeps the roles' own. Anything else is refused at start. */
export function parseRoleTimeouts(value: string): RoleTimeouts | undefined {
  if (value === 'off') return undefined;
  const out: RoleTimeouts = {};
  for (const entry of value.split(',').map((e) => e.trim())) {
    const m = /^(anon|authenticated)=(\d+(?:ms|s))$/.exec(entry);
    if (!m) {
      throw new Error(
        `PGLITE_STATEMENT_TIMEOUTS must be "off" or a list such as ${PGLITE_STATEMENT_TIMEOUTS} (ms or s); got "${entry}"`,
      );
    }
    out[m[1] as keyof RoleTimeouts] = m[2];
  }
  return out;
}

export interface LocalEnv {
  port: number;
  host: string;
  dataDir: string;
  /** Unset: the random secret kept in the data folder (secret.ts). */
  jwtSecret?: string;
  databaseUrl?: string;
  siteUrl?: string;
  /** Serve the mailbox on a non-loopback HOST too. */
  exposeMailbox: boolean;
  /** Hosted Supabase's per-IP and per-IP-and-email limits on sign-ins and sign-ups; off only for test suites. */
  authRateLimits: boolean;
  /** The database's limits on posting (public.forum_limits); POST_RATE_LIMITS=off lifts them, for test suites. */
  postRateLimits: boolean;
  /** Reverse proxies to believe about the client's address (X-Forwarded-For), for the rate limits. */
  trustProxy?: string;
  /** PGLITE_STATEMENT_TIMEOUTS, as written: parsed (and a bad value refused) at start. */
  pgliteStatementTimeouts: string;
  /** The web push pair; unset, a pair made on first start is kept in the data folder (vapid.ts). */
  vapidPublicKey?: string;
  vapidPrivateKey?: string;
  /** The wallet's chain (WALLET_CHAIN_ID, WALLET_RPC_URL, WALLET_EXPLORER_URL, WALLET_DOWNLOAD_URL): the app reads
   * them from /local/v1/config, and the wallet functions read the chain id and the explorer. */
  wallet: WalletSettings;
  /** Test suites only: a push service origin on this machine that push endpoints may name (pushTestOrigin.ts). */
  pushTestOrigin?: string;
  /** SUPABASE_PUBLISHABLE_KEY and SUPABASE_SECRET_KEY (else derived from the JWT secret); LEGACY_API_KEYS=off refuses
   * the anon and service_role JWT keys, as a hosted project whose legacy keys are disabled. */
  apiKeys: ApiKeySettings;
}

export function readEnv(env: NodeJS.ProcessEnv = process.env): LocalEnv {
  return {
    port: Number(env.PORT ?? 4173),
    host: env.HOST ?? '127.0.0.1',
    dataDir: resolve(env.DATA_DIR ?? '.data'),
    jwtSecret: env.JWT_SECRET || undefined,
    databaseUrl: env.DATABASE_URL || undefined,
    siteUrl: env.SITE_URL || undefined,
    exposeMailbox: env.EXPOSE_MAILBOX === 'true',
    authRateLimits: env.AUTH_RATE_LIMITS !== 'off',
    postRateLimits: env.POST_RATE_LIMITS !== 'off',
    trustProxy: env.TRUST_PROXY || undefined,
    pgliteStatementTimeouts: env.PGLITE_STATEMENT_TIMEOUTS || PGLITE_STATEMENT_TIMEOUTS,
    vapidPublicKey: env.VAPID_PUBLIC_KEY || undefined,
    vapidPrivateKey: env.VAPID_PRIVATE_KEY || undefined,
    pushTestOrigin: env.PUSH_TEST_ORIGIN || undefined,
    apiKeys: {
      publishableKey: env.SUPABASE_PUBLISHABLE_KEY || undefined,
      secretKey: env.SUPABASE_SECRET_KEY || undefined,
      legacyKeys: env.LEGACY_API_KEYS !== 'off',
    },
    wallet: Object.fromEntries(
      Object.entries({
        chainId: env.WALLET_CHAIN_ID,
        rpcUrl: env.WALLET_RPC_URL,
        explorerUrl: env.WALLET_EXPLORER_URL,
        downloadUrl: env.WALLET_DOWNLOAD_URL,
      }).filter(([, value]) => value),
    ),
  };
}
