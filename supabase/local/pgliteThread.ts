// Embedded PGlite behind a worker thread, so that a long statement leaves the HTTP server free and can be stopped.
//
// PGlite runs each statement synchronously inside WebAssembly: its statement_timeout rides on a JavaScript timer that
// cannot fire until the statement is over, and its memory is not shared, so no other thread can raise Postgres's
// cancel flag. The only way to stop a runaway statement is to end the thread that runs it. That is safe because
// PGlite keeps its files in a folder: a new thread opens them again, committed work is there and the stopped
// transaction is rolled back, as after a crash.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { Db, QueryResult, Queryable } from './db.ts';

const WORKER = new URL('./pgliteWorker.js', import.meta.url);

type Op = 'query' | 'exec' | 'listen' | 'unlisten' | 'close';

interface Reply {
  id?: number;
  ready?: true;
  /** The statement began, under this statement_timeout. */
  started?: string;
  done?: QueryResult<unknown>;
  failed?: Record<string, unknown> & { message: string };
  /** A NOTIFY on a channel listened to (no id: it answers no message). */
  notification?: { channel: string; payload: string };
}

interface Pending {
  resolve(result: QueryResult<unknown>): void;
  reject(error: Error): void;
  timer?: NodeJS.Timeout;
}

const CHECKPOINT_EVERY_MS = 10_000;

const UNIT_MS: Record<string, number> = { ms: 1, s: 1000, min: 60_000, h: 3_600_000, d: 86_400_000 };

/** statement_timeout as Postgres shows it ('3s', '500ms', '0') in milliseconds; 0 is no limit. */
function timeoutMs(setting: string): number {
  const m = /^(\d+)\s*(ms|s|min|h|d)?$/.exec(setting.trim());
  return m ? Number(m[1]) * UNIT_MS[m[2] ?? 'ms']! : 0;
}

/** The error Postgres raises for a statement stopped by statement_timeout. */
function timeoutError(): Error {
  return Object.assign(new Error('canceling statement due to statement timeout'), { code: '57014' });
}

function startWorker(dataDir: string): Promise<Worker> {
  // No execArgv: the worker is plain JavaScript, and the parent's loader (tsx under npm start and the tests) costs
  // every new thread about half a second to register.
  const worker = new Worker(WORKER, { workerData: { dataDir }, execArgv: [] });
  return new Promise((resolve, reject) => {
    worker.once('message', () => resolve(worker));
    worker.once('error', reject);
  });
}

/** Runs one message at a time on the worker, stopping and replacing it when a statement outlives its timeout. */
class PgliteThread {
  private worker: Promise<Worker>;
  private pending = new Map<number, Pending>();
  private lastId = 0;
  /** Counts the workers started; a transaction begun on an earlier one ended with it. */
  generation = 1;
  /** Who listens on each channel: a new thread (after a stopped statement) listens on them again. */
  private listeners = new Map<string, Set<(payload: string) => void>>();

  constructor(private readonly dataDir: string) {
    this.worker = this.start();
  }

  private start(): Promise<Worker> {
    return startWorker(this.dataDir).then(async (worker) => {
      worker.on('message', (reply: Reply) => this.onReply(reply));
      worker.on('error', (error) => this.failAll(error));
      // A thread that dies by itself (PGlite aborted) is replaced, so the next request finds a database.
      worker.on('exit', () => {
        this.failAll(new Error('The PGlite thread stopped'));
        this.generation += 1;
        this.worker = this.start();
      });
      for (const channel of this.listeners.keys()) await this.post(worker, 'listen', channel);
      return worker;
    });
  }

  private onReply(reply: Reply) {
    if (reply.notification) {
      for (const listener of this.listeners.get(reply.notification.channel) ?? []) listener(reply.notification.payload);
      return;
    }
    const pending = reply.id === undefined ? undefined : this.pending.get(reply.id);
    if (!pending || reply.id === undefined) return;
    if (reply.started !== undefined) {
      const ms = timeoutMs(reply.started);
      if (ms > 0) pending.timer = setTimeout(() => this.stop(reply.id!), ms);
      return;
    }
    clearTimeout(pending.timer);
    this.pending.delete(reply.id);
    if (reply.done) pending.resolve(reply.done);
    else pending.reject(Object.assign(new Error(reply.failed?.message ?? 'PGlite failed'), reply.failed));
  }

  private failAll(error: Error) {
    for (const pending of this.pending.values()) {
      clearTimeout(pending.timer);
      pending.reject(error);
    }
    this.pending.clear();
  }

  /**
   * Ends the thread running the statement `id` and opens a new one; the statement fails with 57014 as on PostgreSQL
   * once the new thread is ready, so the reopen counts in the turn of the client that sent it (fairQueue.ts), not in
   * the next client's.
   */
  private stop(id: number) {
    const pending = this.pending.get(id);
    if (!pending) return;
    this.pending.delete(id);
    this.generation += 1;
    this.worker = this.worker.then(async (worker) => {
      worker.removeAllListeners('exit');
      await worker.terminate();
      return this.start();
    });
    const failed = () => pending.reject(timeoutError());
    this.worker.then(failed, failed);
  }

  async run(op: Op, sql = '', params?: unknown[]): Promise<QueryResult<unknown>> {
    return this.post(await this.worker, op, sql, params);
  }

  private post(worker: Worker, op: Op, sql = '', params?: unknown[]): Promise<QueryResult<unknown>> {
    return new Promise((resolve, reject) => {
      this.lastId += 1;
      this.pending.set(this.lastId, { resolve, reject });
      worker.postMessage({ id: this.lastId, op, sql, params });
    });
  }

  /** Calls `listener` with each NOTIFY on `channel` until the returned function is called. */
  async listen(channel: string, listener: (payload: string) => void): Promise<() => Promise<void>> {
    const listeners = this.listeners.get(channel) ?? new Set();
    const first = listeners.size === 0;
    listeners.add(listener);
    this.listeners.set(channel, listeners);
    if (first) await this.run('listen', channel);
    return async () => {
      listeners.delete(listener);
      if (listeners.size > 0 || this.listeners.get(channel) !== listeners) return;
      this.listeners.delete(channel);
      await this.run('unlisten', channel);
    };
  }

  async close() {
    await this.run('close');
    const worker = await this.worker;
    worker.removeAllListeners('exit');
    await worker.terminate();
  }
}

/** Embedded Postgres in `dataDir`, or in a temporary folder removed on close (tests, scripts). */
export async function openPglite(dataDir?: string): Promise<Db> {
  const dir = dataDir ?? (await mkdtemp(join(tmpdir(), 'guap-pglite-')));
  const thread = new PgliteThread(dir);
  // PGlite has one connection: a statement or a transaction waits for the one before it.
  let last: Promise<unknown> = Promise.resolve();
  let ranSinceCheckpoint = false;
  const exclusive = <T>(fn: () => Promise<T>): Promise<T> => {
    const run = () => {
      ranSinceCheckpoint = true;
      return fn();
    };
    const next = last.then(run, run);
    last = next.catch(() => 'the next caller goes on either way');
    return next;
  };
  // PGlite has no background checkpointer, only the one max_wal_size forces: a thread replacing a stopped one would
  // replay up to that much WAL while every request waits. A checkpoint every few seconds of use keeps the replay short.
  const checkpoints = setInterval(() => {
    if (!ranSinceCheckpoint) return;
    void exclusive(() => {
      ranSinceCheckpoint = false;
      return thread.run('exec', 'checkpoint');
    }).catch((error: unknown) => console.warn('[local stack] PGlite checkpoint failed:', error));
  }, CHECKPOINT_EVERY_MS);
  checkpoints.unref();
  const query = <T>(sql: string, params?: unknown[]) => thread.run('query', sql, params) as Promise<QueryResult<T>>;
  const exec = async (sql: string) => {
    await thread.run('exec', sql);
  };
  return {
    kind: 'pglite',
    listen: async (channel, listener) => {
      const unlisten = await exclusive(() => thread.listen(channel, listener));
      return () => exclusive(unlisten);
    },
    query: (sql, params) => exclusive(() => query(sql, params)),
    exec: (sql) => exclusive(() => exec(sql)),
    transaction: (fn) =>
      exclusive(async () => {
        await exec('begin');
        const generation = thread.generation;
        // After a stopped statement the thread is new: nothing of this transaction is left to run on or roll back.
        const alive = () => {
          if (thread.generation !== generation) throw new Error('The transaction was stopped with its statement');
        };
        const tx: Queryable = {
          query: async (sql, params) => {
            alive();
            return query(sql, params);
          },
          exec: async (sql) => {
            alive();
            await exec(sql);
          },
        };
        try {
          const out = await fn(tx);
          alive();
          await exec('commit');
          return out;
        } catch (e) {
          if (thread.generation === generation) {
            await exec('rollback').catch((error: unknown) => console.warn('[local stack] rollback failed:', error));
          }
          throw e;
        }
      }),
    close: async () => {
      clearInterval(checkpoints);
      await exclusive(() => thread.close());
      if (!dataDir) await rm(dir, { recursive: true, force: true });
    },
  };
}
