// A member's own penalty in force (member_penalties: their rows only), for the notice that tells them why and until
// when. The database refuses their writes whatever this says.
import type { ForumClient } from './client.ts';
import { backendError } from './errors.ts';

export interface OwnPenalty {
  kind: 'silence' | 'suspend';
  reason: string;
  /** 'infinity' while a moderator has yet to review an automatic silence. */
  ends_at: string;
}

/** The penalty in force now, a suspension before a silence; null when there is none. */
export async function fetchOwnPenalty(client: ForumClient, memberId: string): Promise<OwnPenalty | null> {
  const now = new Date().toISOString();
  const { data, error, status } = await client
    .from('member_penalties')
    .select('kind, reason, ends_at')
    .eq('member_id', memberId)
    .is('lifted_at', null)
    .lte('starts_at', now)
    .gt('ends_at', now);
  if (error) throw backendError('Failed to read your account status', error, status);
  const rows = (data ?? []).filter((r): r is OwnPenalty => r.kind === 'silence' || r.kind === 'suspend');
  return rows.find((r) => r.kind === 'suspend') ?? rows[0] ?? null;
}
