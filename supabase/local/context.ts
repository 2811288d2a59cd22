// What every endpoint of the local stack is handed: the database, the keys, and where things live.
import type { FairQueue } from './fairQueue.ts';
import type { SignInLimiter } from './auth/rateLimits.ts';
import type { Db } from './db.ts';
import type { FunctionCalls } from './functionCalls.ts';
import type { LocalFunctions } from './functions.ts';
import type { JwtKeys } from './jwt.ts';
import type { DueTimer } from './dueTimer.ts';

export interface StackContext {
  db: Db;
  keys: JwtKeys;
  /** Base URL of the stack's HTTP API, e.g. http://127.0.0.1:4173. */
  apiUrl: string;
  /** Where the app is served; the default redirect target of auth mails. */
  siteUrl: string;
  /** Folder for stored objects (storage uploads). */
  storageDir: string;
  /** Access token lifetime in seconds (GoTrue default 3600). */
  jwtExpiry: number;
  /** bcrypt's cost for the passwords set here (GoTrue's 10 by default). */
  passwordHashCost: number;
  /** Where the mailbox is served: on a loopback HOST to loopback names only, elsewhere only if EXPOSE_MAILBOX=true. */
  mailbox: 'loopback' | 'everywhere' | 'off';
  /** Counts sign-ins and sign-ups per IP and per email; absent when the limits are off. */
  signInLimiter?: SignInLimiter;
  /** The Edge Functions of supabase/functions, served at /functions/v1. */
  functions: LocalFunctions;
  /** Each caller's functions in flight, and the turns their own requests back to the stack take. */
  functionCalls: FunctionCalls;
  /** The public half of the VAPID pair that push subscriptions are made with (/local/v1/config). */
  vapidPublicKey: string;
  /** Runs send-notifications after writes; absent when the stack sends no notifications (most test stacks). */
  notificationSender?: DueTimer;
  /** Runs check-tip's scheduled check when a pending tip's next check is due; absent in most test stacks. */
  tipChecker?: DueTimer;
  /** The wallet's chain settings the stack was started with, handed to the app in /local/v1/config. */
  wallet: WalletSettings;
  /** Turns at the database per client for /rest/v1, /auth/v1 and /storage/v1; absent when off. */
  fairQueue?: FairQueue;
}

/** The wallet's chain as env gives it (WALLET_*); unset ones are left out, and the app uses GuapcoinX's. */
export interface WalletSettings {
  chainId?: string;
  rpcUrl?: string;
  explorerUrl?: string;
  downloadUrl?: string;
}
