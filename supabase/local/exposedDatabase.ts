import { isLoopbackHost } from './secret.ts';

/**
 * Refuses to serve a network from the embedded PGlite. It runs one statement at a time, and nothing interrupts it
 * mid-statement, so one visitor's slow query (stopped only at its role's 3 s timeout, then a restart) would hold every
 * other member's request for seconds. Open to others, the stack needs PostgreSQL, which runs requests side by side.
 */
export function assertDatabaseFitsHost(databaseUrl: string | undefined, host: string): void {
  if (databaseUrl || isLoopbackHost(host)) return;
  throw new Error(
    `Refusing to listen on ${host} with the embedded PGlite: it runs one statement at a time, so one slow request ` +
      'would stall every other member for seconds. Set DATABASE_URL to a PostgreSQL server to open the forum to a ' +
      'network, or leave HOST unset to keep it on this machine (127.0.0.1).',
  );
}
