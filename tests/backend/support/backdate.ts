// Moves a row's created_at into the past, as if it had been written earlier: the timestamps trigger keeps created_at
// on every update, so the update runs with triggers off (session_replication_role, for this transaction only). The
// limits count from the ledger (public.limited_actions), so the row's entry there moves with it.
import type { TestStack } from '../stack.ts';

export async function backdate(
  stack: TestStack,
  table: 'profiles' | 'posts' | 'threads' | 'messages',
  id: string,
  seconds: number,
): Promise<void> {
  await stack.db.transaction(async (tx) => {
    await tx.exec('set local session_replication_role = replica');
    await tx.query(`update public.${table} set created_at = created_at - make_interval(secs => $2) where id = $1`, [
      id,
      seconds,
    ]);
    await tx.query(`update public.limited_actions set at = at - make_interval(secs => $2) where row_id = $1`, [
      id,
      seconds,
    ]);
  });
}
