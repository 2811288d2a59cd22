// One small interface over the two databases the local stack can run on: embedded PGlite (pgliteThread.ts) or a
// real PostgreSQL.
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

/** Statement timeouts per API role in Postgres's form ('500ms', '2s'). */
export type RoleTimeouts = Partial<Record<'anon' | 'authenticated', string>>;

export interface Db extends Queryable {
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /** Calls `listener` with the payload of each NOTIFY on `channel` (after its transaction commits) until stopped. */
  listen(channel: string, listener: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
  readonly kind: 'pglite' | 'postgres';
  /** Timeouts that replace the roles' own for requests (asRole): the stack sets them on PGlite only (server.ts). */
  roleTimeouts?: RoleTimeouts;
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
    listen: (channel, listener) => listenOn(connectionString, channel, listener),
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

/** How long a lost LISTEN connection waits before it connects again. */
const RELISTEN_AFTER_MS = 1_000;

/**
 * LISTEN on a connection of its own, outside the pool: a pooled one would be handed to queries. A lost connection
 * (a restart) connects again; what was notified meanwhile is lost, as LISTEN promises nothing across connections.
 */
async function listenOn(connectionString: string, channel: string, listener: (payload: string) => void) {
  let stopped = false;
  let client: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  const reconnect = () => {
    if (stopped || retry) return;
    retry = setTimeout(() => {
      retry = undefined;
      connect().catch((error: Error) => {
        console.warn(`[local stack] LISTEN ${channel} could not connect again:`, error.message);
        reconnect();
      });
    }, RELISTEN_AFTER_MS);
    retry.unref();
  };
  const connect = async () => {
    const next = new pg.Client({ connectionString });
    client = next;
    next.on('notification', (message) => message.channel === channel && listener(message.payload ?? ''));
    next.on('error', (error) => console.warn(`[local stack] LISTEN ${channel} connection failed:`, error.message));
    next.on('end', () => client === next && reconnect());
    await next.connect();
    await next.query(`listen ${pg.escapeIdentifier(channel)}`);
  };
  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    await client?.end();
  };
}

export interface JwtClaims {
  role: string;
  sub?: string;
  [key: string]: unknown;
}

// The role's own statement_timeout (`alter role ... set`), which `set role` does not apply: PostgREST reads it and
// sets it per request, and so does this stack. Read before the role changes, by the server's own user.
const ROLE_TIMEOUT = `with timeout as materialized (
  select coalesce((
    select split_part(c, '=', 2)
    from pg_catalog.pg_db_role_setting s cross join unnest(s.setconfig) c
    where s.setrole = (select oid from pg_catalog.pg_roles where rolname = $1)
      and s.setdatabase in (0, (select oid from pg_catalog.pg_database where datname = current_database()))
      and c like 'statement_timeout=%'
    order by s.setdatabase desc
    limit 1
  ), current_setting('statement_timeout')) as value
)`;

/**
 * Runs `fn` in one transaction as the JWT's role with its claims and statement timeout set, as PostgREST does; a
 * timeout of `db.roleTimeouts` replaces the role's own.
 */
export function asRole<T>(db: Db, claims: JwtClaims, fn: (tx: Queryable) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    const role = ['anon', 'authenticated', 'service_role'].includes(claims.role) ? claims.role : 'anon';
    const replaced = db.roleTimeouts?.[role as keyof RoleTimeouts] ?? null;
    await tx.query(
      `${ROLE_TIMEOUT}
      select set_config('statement_timeout', coalesce($4::text, timeout.value), true),
      set_config('role', $1, true),
      set_config('request.jwt.claims', $2, true),
      set_config('request.jwt.claim.sub', $3, true),
      set_config('request.jwt.claim.role', $1, true)
      from timeout`,
      [role, JSON.stringify(claims), claims.sub ?? '', replaced],
    );
    return fn(tx);
  });
}
