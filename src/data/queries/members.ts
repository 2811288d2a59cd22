// The members directory from the mirror: profiles by reputation, highest first, and the search that filters them.
import { queryTerms } from '../../content/snippet.ts';
import type { Mirror } from '../mirror.ts';
import type { ProfileRow, Role } from '../types.ts';

/** Highest reputation first; the id breaks ties, as the server's pages do, so the order never jumps. */
export function byReputation(a: ProfileRow, b: ProfileRow): number {
  return b.reputation - a.reputation || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

/** The first cards, read through the reputation index: the screen shows them before the whole directory is read. */
export async function topMembers(db: Mirror, limit: number): Promise<ProfileRow[]> {
  const rows = await db.profiles.orderBy('reputation').reverse().limit(limit).toArray();
  return rows.sort(byReputation);
}

/** Every member the device holds, in directory order; searching them in memory keeps a keystroke instant. */
export async function allMembers(db: Mirror): Promise<ProfileRow[]> {
  const rows = await db.profiles.toArray();
  return rows.sort(byReputation);
}

/** The words a member search looks for: each one must appear in the username or the display name. */
export const memberSearchTerms = queryTerms;

/** Members whose username or display name holds every word of the query, keeping their order. */
export function filterMembers(members: ProfileRow[], query: string): ProfileRow[] {
  const terms = memberSearchTerms(query);
  if (terms.length === 0) return members;
  return members.filter((m) => {
    const text = `${m.username} ${m.display_name ?? ''}`.toLocaleLowerCase();
    return terms.every((t) => text.includes(t));
  });
}

/** A role change of this device: waiting in the outbox, or refused and kept in the failed list. */
export interface RoleChange {
  /** The outbox (and failed list) entry's id. */
  entryId: string;
  memberId: string;
  role: Role;
  status: 'waiting' | 'failed';
  /** For a refused one: why, and whose role it was, as the directory names them. */
  refused?: { reason: string; memberName: string };
}

/** The member's role changes not yet settled, and the refused ones they have not discarded. */
export async function roleChanges(db: Mirror, userId: string): Promise<RoleChange[]> {
  const [waiting, failed] = await Promise.all([
    db.outbox.where('userId').equals(userId).toArray(),
    db.failed.where('userId').equals(userId).toArray(),
  ]);
  const changes: RoleChange[] = [];
  for (const { id, write } of waiting) {
    if (write.kind === 'setRole')
      changes.push({ entryId: id, memberId: write.id, role: write.role, status: 'waiting' });
  }
  for (const { id, write, reason } of failed) {
    if (write.kind !== 'setRole') continue;
    const member = await db.profiles.get(write.id);
    const memberName = member ? member.display_name?.trim() || member.username : 'a member';
    changes.push({
      entryId: id,
      memberId: write.id,
      role: write.role,
      status: 'failed',
      refused: { reason, memberName },
    });
  }
  return changes;
}

/** Where a queued role change stands: still waiting, taken by the server, or refused into the failed list. */
export async function roleChangeStatus(db: Mirror, entryId: string): Promise<'waiting' | 'sent' | 'refused'> {
  const [waiting, failed] = await Promise.all([db.outbox.where('id').equals(entryId).count(), db.failed.get(entryId)]);
  return waiting > 0 ? 'waiting' : failed ? 'refused' : 'sent';
}
