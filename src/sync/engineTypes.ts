// What the sync engine is given: its environment, clock, timers and network are injected, so tests drive them.
import type { ForumClient } from '../backend/client.ts';
import type { Mirror } from '../data/mirror.ts';
import { DEFAULT_BACKOFF, type BackoffOptions } from './backoff.ts';
import type { ConnectLive } from './live.ts';
import type { Locks } from './locks.ts';
import type { FlushRunner, OpenRunner, PullRunner } from './pullLeader.ts';

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

export const DEFAULT_OPTIONS: EngineOptions = {
  keepRecentThreads: 200,
  pageSize: 1000,
  pullIntervalMs: 60_000,
  livePullIntervalMs: 5 * 60_000,
  evictAfterMs: 14 * 24 * 3600_000,
  backoff: DEFAULT_BACKOFF,
};

export interface EngineDeps {
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
  /** Runs a pull's round somewhere else (pullInWorker.ts: the app's sync worker); without it, on this thread. */
  pullRound?: PullRunner;
  /** Sends the outbox somewhere else (the app's sync worker, which takes the outbox lock); without it, here. */
  flushOutbox?: FlushRunner;
  /** Brings a thread a screen opens onto the device somewhere else (the sync worker); without it, here. */
  openThread?: OpenRunner;
}

export type OpenThreadResult = 'mirrored' | 'missing' | 'offline';
