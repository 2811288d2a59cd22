// Whether a client may read a private topic, decided as hosted Realtime decides it: by the RLS policies on
// realtime.messages. In one transaction, a row for the topic is written as the stack (past RLS), then read back as
// the client's role with its claims and realtime.topic() set, so the policies decide whether it is visible. The
// transaction is always rolled back: nothing is kept.
import type { Db, JwtClaims } from '../db.ts';

const API_ROLES = ['anon', 'authenticated', 'service_role'];

class Decided extends Error {
  constructor(readonly allowed: boolean) {
    super('the join check is rolled back once decided');
  }
}

export async function mayRead(db: Db, claims: JwtClaims, topic: string): Promise<boolean> {
  const role = API_ROLES.includes(claims.role) ? claims.role : 'anon';
  try {
    await db.transaction(async (tx) => {
      const written = await tx.query<{ id: string }>(
        `insert into realtime.messages (topic, extension, private) values ($1, 'broadcast', true) returning id::text`,
        [topic],
      );
      await tx.query(
        `select set_config('role', $1, true), set_config('request.jwt.claims', $2, true),
          set_config('request.jwt.claim.sub', $3, true), set_config('request.jwt.claim.role', $1, true),
          set_config('realtime.topic', $4, true)`,
        [role, JSON.stringify(claims), claims.sub ?? '', topic],
      );
      const seen = await tx.query<{ allowed: boolean }>(
        `select exists (select 1 from realtime.messages where id = $1::uuid) as allowed`,
        [written.rows[0]!.id],
      );
      throw new Decided(seen.rows[0]!.allowed);
    });
  } catch (error) {
    if (error instanceof Decided) return error.allowed;
    throw error;
  }
  throw new Error('unreachable: the join check always rolls back');
}
