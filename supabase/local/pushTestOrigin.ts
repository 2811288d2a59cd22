// PUSH_TEST_ORIGIN: the one origin off the public internet that push endpoints may name, for a test's push service
// on 127.0.0.1 (the database refuses IP literals and localhost otherwise: 20261128000400_push_safety.sql). Written to
// public.push_test_origins at each start, and emptied at each start without it, so it is never left on by accident.
import type { Db } from './db.ts';
import { isLoopbackHost } from './secret.ts';

const LOOPBACK_ORIGIN = /^https:\/\/(127\.\d{1,3}\.\d{1,3}\.\d{1,3}|localhost|\[::1\])(:\d{1,5})?$/;

/** Refuses a test push origin on a stack that others can reach, or one that is not on this machine. */
export function assertPushTestOriginFitsHost(origin: string | undefined, host: string): void {
  if (origin === undefined) return;
  if (!isLoopbackHost(host)) {
    throw new Error(
      `Refusing to listen on ${host} with PUSH_TEST_ORIGIN set: it lets members point web pushes at this machine. ` +
        'It is for test suites on 127.0.0.1 only; unset it.',
    );
  }
  if (!LOOPBACK_ORIGIN.test(origin)) {
    throw new Error(
      `PUSH_TEST_ORIGIN must be an origin on this machine, such as https://127.0.0.1:8443 (got ${origin}).`,
    );
  }
}

/** Makes `origin` the only test push origin, or leaves none; a database without the table (bootstrap only) is left. */
export async function applyPushTestOrigin(db: Db, origin: string | undefined, host: string): Promise<void> {
  assertPushTestOriginFitsHost(origin, host);
  const { rows } = await db.query<{ present: boolean }>(
    `select to_regclass('public.push_test_origins') is not null as present`,
  );
  if (!rows[0]?.present) return;
  await db.transaction(async (tx) => {
    await tx.query('delete from public.push_test_origins');
    if (origin !== undefined) await tx.query('insert into public.push_test_origins (origin) values ($1)', [origin]);
  });
}
