// One small interface over the two databases the local stack can run on: embedded PGlite or a real PostgreSQL.
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

export interface QueryResult<T> {
  rows: T[];
  affectedRows?: number;
}

export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<QueryResult<T>>;
  /** Runs several statements with no parameters. */
  exec(sql: string): Promise<void>;
}

export interface Db extends Queryable {
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  readonly kind: 'pglite' | 'postgres';
}

/** Embedded Postgres; `dataDir` undefined keeps it in memory (tests). */
export async function openPglite(dataDir?: string): Promise<Db> {
  const db = dataDir ? new PGlite(dataDir) : new PGlite();
  await db.waitReady;
  const wrap = (q: Pick<PGlite, 'query' | 'exec'>): Queryable => ({
    async query<T>(sql: string, params?: unknown[]) {
      const r = await q.query<T>(sql, params as unknown[] | undefined);
      return { rows: r.rows, affectedRows: r.affectedRows };
    },
    async exec(sql: string) {
      await q.exec(sql);
    },
  });
  return {
    kind: 'pglite',
    ...wrap(db),
    // PGlite runs one transaction at a time, so requests are serialized here.
    transaction: (fn) => db.transaction((tx) => fn(wrap(tx as unknown as PGlite))),
    close: () => db.close(),
  };
}

/** A real PostgreSQL server (DATABASE_URL). */
export async function openPostgres(connectionString: string): Promise<Db> {
  const pool = new pg.Pool({ connectionString, max: 10 });
  // An idle connection the server closes (a restart, or a test dropping its database) is replaced on the next
  // query; unhandled, pg would turn it into an uncaught exception.
  pool.on('error', (error) => console.warn('[local stack] idle PostgreSQL connection closed:', error.message));
  const wrap = (c: pg.Pool | pg.PoolClient): Queryable => ({
    async query<T>(sql: string, params?: unknown[]) {
      const r = await c.query(sql, params);
      return { rows: r.rows as T[], affectedRows: r.rowCount ?? undefined };
    },
    async exec(sql: string) {
      await c.query(sql);
    },
  });
  return {
    kind: 'postgres',
    ...wrap(pool),
    async transaction(fn) {
      const client = await pool.connect();
      try {
        await client.query('begin');
        const out = await fn(wrap(client));
        await client.query('commit');
        return out;
      } catch (e) {
        await client.query('rollback').catch(() => undefined);
        throw e;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}

export interface JwtClaims {
  role: string;
  sub?: string;
  [key: string]: unknown;
}

/** Runs `fn` in one transaction as the JWT's role with its claims set, exactly as PostgREST does, so RLS decides. */
export function asRole<T>(db: Db, claims: JwtClaims, fn: (tx: Queryable) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    const role = ['anon', 'authenticated', 'service_role'].includes(claims.role) ? claims.role : 'anon';
    await tx.query(
      `select set_config('role', $1, true),
      set_config('request.jwt.claims', $2, true),
      set_config('request.jwt.claim.sub', $3, true),
      set_config('request.jwt.claim.role', $1, true)`,
      [role, JSON.stringify(claims), claims.sub ?? ''],
    );
    return fn(tx);
  });
}
