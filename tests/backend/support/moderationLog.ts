// The audit rows an action wrote: the rows of public.moderation_log that were not there before it, read past RLS.
import type { TestStack } from '../stack.ts';

export interface LogRow {
  action: string;
  actor_id: string | null;
  actor_username: string | null;
  target_user_id: string | null;
  target_username: string | null;
  thread_id: string | null;
  post_id: string | null;
  reason: string | null;
  details: Record<string, unknown>;
}

const COLUMNS =
  'action, actor_id, actor_username, target_user_id, target_username, thread_id, post_id, reason, details';

export async function logRowsOf(stack: TestStack, action: () => Promise<unknown>): Promise<LogRow[]> {
  const before = (await stack.db.query<{ id: string }>('select id from public.moderation_log')).rows.map((r) => r.id);
  await action();
  const { rows } = await stack.db.query<LogRow>(
    `select ${COLUMNS} from public.moderation_log where not (id = any ($1::uuid[])) order by created_at, action`,
    [before],
  );
  return rows;
}

export async function logSnapshot(stack: TestStack): Promise<unknown[]> {
  return (await stack.db.query(`select id, created_at, ${COLUMNS} from public.moderation_log order by id`)).rows;
}
