// The local Supabase-compatible stack: one HTTP server for /rest/v1, /auth/v1, /storage/v1, /functions/v1, /local/v1
// (services.ts), the realtime websocket, and the forum's web host for everything else (web/webHost.ts).
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ApiKeySettings } from './apiKeys.ts';
import { assertApiKeys } from './apiGateway.ts';
import { clientAddress } from './clientAddress.ts';
import type { Clock } from './clock.ts';
import { FairQueue, QueueFull, type FairQueueLimits } from './fairQueue.ts';
import { HOSTED_AUTH_RATE_LIMITS, SignInLimiter, type AuthRateLimits } from './auth/rateLimits.ts';
import type { StackContext, WalletSettings } from './context.ts';
import type { Db, RoleTimeouts } from './db.ts';
import { FunctionCalls } from './functionCalls.ts';
import { invokeAsService, LocalFunctions } from './functions.ts';
import { ApiError, BodyTooLarge, readBody, send, type ApiRequest, type ApiResponse } from './http.ts';
import { makeKeys } from './jwt.ts';
import { embeddedConfigOf } from './local.ts';
import { notificationSender } from './notificationSender.ts';
import { pokeSender } from './pokeSender.ts';
import { tipChecker } from './tipChecker.ts';
import { applyPushTestOrigin } from './pushTestOrigin.ts';
import { RealtimeServer, type RealtimeLimits } from './realtime/realtimeServer.ts';
import { assertSecretFitsHost, isLoopbackHost } from './secret.ts';
import { CORS, serviceFor } from './services.ts';
import { requestShape, TIMEOUT_PENALTY, TimeoutPenalties, type PenaltyLimits } from './timeoutPenalty.ts';
import { newVapidKeys, type VapidKeys } from './vapid.ts';
import { DEFAULT_HASH_COST } from './auth/passwords.ts';
import { webHost } from './web/webHost.ts';

export interface StackOptions {
  db: Db;
  jwtSecret: string;
  storageDir: string;
  port?: number;
  host?: string;
  /** Built app to serve (dist/); omitted for API-only stacks in tests. */
  staticDir?: string;
  /** Where auth mails send people back to; defaults to the stack's own URL. */
  siteUrl?: string;
  jwtExpiry?: number;
  /** bcrypt's cost for new passwords: GoTrue's 10 by default; test suites, which make hundreds of accounts, take less. */
  passwordHashCost?: number;
  /** Serve the mailbox (/local/mail, /local/v1/mail) on a non-loopback `host` too; on loopback it is always served. */
  exposeMailbox?: boolean;
  /** Limits on sign-ins and sign-ups; hosted Supabase's by default, false for test suites that sign in many times. */
  authRateLimits?: AuthRateLimits | false;
  /** TRUST_PROXY: the proxies whose X-Forwarded-For names the client (clientAddress.ts); unset, the socket's peer. */
  trustProxy?: string;
  /** The VAPID pair of web push; a fresh pair for this run when omitted (tests, benchmarks). */
  vapidKeys?: VapidKeys;
  /** Run send-notifications after writes and when retries are due, as a hosted project's webhook and schedule do. */
  sendNotifications?: boolean;
  /** Run check-tip's scheduled check of the pending tips when one is due, as a hosted project's schedule does. */
  checkTips?: boolean;
  /** Settings for the Edge Functions beyond the stack's own (SUPABASE_URL, keys, SITE_URL, mail API, VAPID). */
  functionEnv?: Record<string, string>;
  /** The wallet's chain settings: served to the app in /local/v1/config, and to the functions as WALLET_* env. */
  wallet?: WalletSettings;
  /** PUSH_TEST_ORIGIN: a test push service's origin on 127.0.0.1 that endpoints may name; loopback `host` only. */
  pushTestOrigin?: string;
  /**
   * On PGlite, statement timeouts that replace the API roles' own (3 s and 8 s, as hosted): PGlite runs one statement
   * at a time, so every other client waits out a visitor's slow query. Unset, the roles' own (test stacks).
   */
  pgliteStatementTimeouts?: RoleTimeouts;
  /** Turns at the database per client (fairQueue.ts); by default fairQueueDefaults(db), false for none. */
  fairQueue?: FairQueueLimits | false;
  /**
   * How long a client, and a request's shape, are refused after a statement past its timeout (timeoutPenalty.ts); by
   * default TIMEOUT_PENALTY on PGlite, where stopping a statement reopens the database for everyone, and none on
   * PostgreSQL, which cancels it alone. False for none.
   */
  timeoutPenalty?: PenaltyLimits | false;
  /** Limits of the realtime websocket beyond its defaults (REALTIME_LIMITS): benchmarks open a thousand sockets. */
  realtimeLimits?: Partial<RealtimeLimits>;
  /** The realtime websocket's clock (silent sockets, expired tokens); the system's unless a test drives its own. */
  realtimeClock?: Clock;
  /** The publishable and secret keys, and whether the legacy JWT keys still work (they do unless told otherwise). */
  apiKeys?: ApiKeySettings;
}

/**
 * PGlite runs one statement at a time, so one request at a time goes in: a visitor then waits behind at most one
 * request of each other client. PostgreSQL gets its pool's size, of which one client may hold half. A browser tab
 * sends at most 6 requests at once (per host), so 100 waiting is far past what the app sends, and still bounded.
 */
export function fairQueueDefaults(db: Db): FairQueueLimits {
  return db.kind === 'pglite'
    ? { concurrency: 1, perClient: 1, queuePerClient: 100 }
    : { concurrency: 10, perClient: 5, queuePerClient: 100 };
}

export interface Stack {
  url: string;
  anonKey: string;
  serviceKey: string;
  publishableKey: string;
  secretKey: string;
  ctx: StackContext;
  /** Settles once every text file of `staticDir` is compressed (at once without one): benchmarks wait for it. */
  staticPrecompressed: Promise<void>;
  /** The websocket at /realtime/v1/websocket. */
  realtime: RealtimeServer;
  close(): Promise<void>;
}

export async function startStack(options: StackOptions): Promise<Stack> {
  const host = options.host ?? '127.0.0.1';
  assertSecretFitsHost(options.jwtSecret, host);
  await applyPushTestOrigin(options.db, options.pushTestOrigin, host);
  const limits = options.authRateLimits ?? HOSTED_AUTH_RATE_LIMITS;
  const addressOf = clientAddress(options.trustProxy);
  // Filled once the port is known: the keys' issuer and the API URL depend on it.
  const ready: { ctx?: StackContext } = {};
  if (options.db.kind === 'pglite') options.db.roleTimeouts = options.pgliteStatementTimeouts;
  const fairLimits = options.fairQueue ?? fairQueueDefaults(options.db);
  const queue = fairLimits ? new FairQueue(fairLimits) : undefined;
  const penaltyLimits = options.timeoutPenalty ?? (options.db.kind === 'pglite' ? TIMEOUT_PENALTY : false);
  const penalties = penaltyLimits ? new TimeoutPenalties(penaltyLimits) : undefined;
  // The page's backend config goes into its HTML once the keys are made (they need the port).
  const web = webHost({
    db: options.db,
    staticDir: options.staticDir,
    config: () => ready.ctx && embeddedConfigOf(ready.ctx),
    turn: queue && ((client) => queue.acquire(client)),
  });

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    void (async () => {
      const url = new URL(req.url ?? '/', `http://${req.headers.host ?? host}`);
      const head = req.method === 'HEAD';
      const service = serviceFor(url.pathname);
      const cors = service?.cors ? CORS : {};
      if (req.method === 'OPTIONS') return send(res, { status: 204 }, false, cors);
      const ctx = ready.ctx;
      // Paths no service takes go to the web host, and so does every path until the stack knows its port.
      if (!service || !ctx) return send(res, await web.serve(url.pathname, req.headers, addressOf(req)), head);
      try {
        const body = await readBody(req, service.bodyLimit);
        const apiReq: ApiRequest = {
          method: req.method ?? 'GET',
          path: url.pathname.slice(service.prefix.length) || '/',
          url,
          headers: req.headers,
          remoteAddress: addressOf(req),
          body,
        };
        if (service.gateway) assertApiKeys(apiReq, ctx.keys);
        const shape = requestShape(apiReq.method, url);
        // A running function's own request takes its turn as the member it runs for, not as the server's address.
        const client = ctx.functionCalls.turnOf(req.headers) ?? apiReq.remoteAddress;
        const penalized = service.busy && penalties?.retryAfterS(client, shape);
        if (penalized && service.busy) {
          const message = `A request like this, or from this address, ran past its time limit; retry in ${penalized} s`;
          const headers = { 'retry-after': String(penalized) };
          return send(res, { status: 429, headers, body: service.busy(message, penalized) }, head, cors);
        }
        // After the body is read: a slow upload holds no turn.
        const release = service.busy ? await queue?.acquire(client) : undefined;
        let out: ApiResponse;
        try {
          out = await service.handler(apiReq, ctx);
        } catch (e) {
          if (e instanceof ApiError && e.body.code === '57014') penalties?.record(client, shape);
          throw e;
        } finally {
          release?.();
        }
        send(res, out, head, cors);
        // A write may have queued notification deliveries (a reply, a message, a like).
        if (service.prefix === '/rest/v1' && !head && apiReq.method !== 'GET' && out.status < 300) {
          ctx.notificationSender?.wake();
          ctx.tipChecker?.wake();
        }
      } catch (e) {
        if (e instanceof ApiError) return send(res, { status: e.status, headers: e.headers, body: e.body }, head, cors);
        if (e instanceof QueueFull && service.busy) {
          const headers = { 'retry-after': String(e.retryAfterS) };
          return send(res, { status: 429, headers, body: service.busy(e.message, e.retryAfterS) }, head, cors);
        }
        if (e instanceof BodyTooLarge) {
          const out = { status: 413, body: service.errors.tooLarge(e.message) };
          if (e.drained) return send(res, out, head, cors);
          // A body too large to drain closes the connection: the client must not send its next request on it. The
          // 413 goes out at once, and the connection closes once the client has sent its body (endAfterBody).
          return send(res, { ...out, headers: { connection: 'close' } }, head, cors, req);
        }
        console.error(`[local stack] ${req.method} ${url.pathname}:`, e);
        send(res, { status: 500, body: service.errors.internal }, head, cors);
      }
    })();
  });
  // Bounded: idle connections close, so tests and shutdown never hang on keep-alive sockets.
  server.keepAliveTimeout = 5_000;
  server.requestTimeout = 60_000;

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const url = `http://${host}:${port}`;
  const keys = await makeKeys(options.jwtSecret, url, options.apiKeys);
  const siteUrl = options.siteUrl ?? url;
  const vapid = options.vapidKeys ?? newVapidKeys();
  const functionEnv: Record<string, string> = {
    SUPABASE_URL: url,
    // As hosted hands them to functions: the new keys by name, and the legacy ones even when they are off.
    SUPABASE_PUBLISHABLE_KEYS: JSON.stringify({ default: keys.api.publishableKey }),
    SUPABASE_SECRET_KEYS: JSON.stringify({ default: keys.api.secretKey }),
    SUPABASE_ANON_KEY: keys.anonKey,
    SUPABASE_SERVICE_ROLE_KEY: keys.serviceKey,
    SITE_URL: siteUrl,
    // The stack's own mail API, whose mails land in the local mailbox (mailApi.ts).
    MAIL_API_URL: `${url}/local/v1`,
    MAIL_API_KEY: keys.serviceKey,
    VAPID_PUBLIC_KEY: vapid.publicKey,
    VAPID_PRIVATE_KEY: vapid.privateKey,
    VAPID_SUBJECT: siteUrl.startsWith('https://') ? siteUrl : 'mailto:notifications@guapcoin.local',
    ...walletFunctionEnv(options.wallet ?? {}),
    // The sender may push to the test push service that endpoints may name (pushTestOrigin.ts).
    ...(options.pushTestOrigin ? { PUSH_TEST_ORIGINS: options.pushTestOrigin } : {}),
    ...options.functionEnv,
  };
  const functions = new LocalFunctions((name) => functionEnv[name]);
  const ctx: StackContext = {
    db: options.db,
    keys,
    apiUrl: url,
    siteUrl,
    storageDir: options.storageDir,
    jwtExpiry: options.jwtExpiry ?? 3600,
    passwordHashCost: options.passwordHashCost ?? DEFAULT_HASH_COST,
    mailbox: isLoopbackHost(host) ? 'loopback' : options.exposeMailbox ? 'everywhere' : 'off',
    signInLimiter: limits === false ? undefined : new SignInLimiter(limits),
    functions,
    functionCalls: new FunctionCalls(url),
    vapidPublicKey: vapid.publicKey,
    wallet: options.wallet ?? {},
  };
  if (options.sendNotifications) {
    const payload = { type: 'INSERT', table: 'notifications', schema: 'public' };
    ctx.notificationSender = notificationSender(options.db, () => invokeAsService(ctx, 'send-notifications', payload));
  }
  if (options.checkTips)
    ctx.tipChecker = tipChecker(options.db, () => invokeAsService(ctx, 'check-tip', { due: true }));
  ctx.fairQueue = queue;
  const realtime = new RealtimeServer({
    db: options.db,
    keys,
    addressOf,
    queue,
    limits: options.realtimeLimits,
    clock: options.realtimeClock,
  });
  await realtime.attach(server);
  const pokes = await pokeSender(options.db);
  ready.ctx = ctx;
  // Deliveries queued while the stack was down go out now.
  ctx.notificationSender?.wake();
  ctx.tipChecker?.wake();
  return {
    url,
    anonKey: keys.anonKey,
    serviceKey: keys.serviceKey,
    publishableKey: keys.api.publishableKey,
    secretKey: keys.api.secretKey,
    ctx,
    staticPrecompressed: web.precompress(),
    realtime,
    close: async () => {
      await ctx.notificationSender?.close();
      await ctx.tipChecker?.close();
      await pokes.close();
      await realtime.close();
      await new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      });
    },
  };
}

/** The chain id and the explorer, as the wallet functions read them (the same names on hosted Supabase). */
function walletFunctionEnv(wallet: WalletSettings): Record<string, string> {
  return Object.fromEntries(
    Object.entries({ WALLET_CHAIN_ID: wallet.chainId, WALLET_EXPLORER_URL: wallet.explorerUrl }).filter(
      (entry): entry is [string, string] => entry[1] !== undefined,
    ),
  );
}
