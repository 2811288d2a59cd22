// A member's role changed from the members directory: the card shows the new role at once and says it waits; the
// database decides who may (an admin anyone but themself, a moderator users and moderators), and a refusal puts
// the server's row back on the card.
import type { Role } from '../../data/types.ts';
import { PROFILE_COLUMNS } from '../../data/columns.ts';
import { outboxEntry, type WriteContext } from '../enqueue.ts';
import { classifyFailure, type BackendFailure } from '../errors.ts';
import { PushFailure } from '../pushRequests.ts';
import type { MirrorChange, PushContext, PushOutcome, WriteKind } from '../writeKind.ts';

interface SetRoleWrite {
  kind: 'setRole';
  /** The member whose role changes. */
  id: string;
  role: Role;
  /** The role the card showed before: put back when the server refuses and cannot be asked what it holds. */
  previous: Role;
}

declare module '../../data/outboxTypes.ts' {
  interface WritePayloads {
    setRole: SetRoleWrite;
  }
}

/** An update that policies filter to zero rows is no error in PostgREST: it is a refusal all the same. */
const NOT_ALLOWED: BackendFailure = { message: 'role change refused', code: '42501', status: 403 };

/** The row the card should show after a refusal: the server's, else the mirror's with its role put back. */
async function restore(ctx: PushContext, write: SetRoleWrite): Promise<MirrorChange[]> {
  const { data } = await ctx.client.from('profiles').select(PROFILE_COLUMNS).eq('id', write.id).retry(false);
  const row = data?.[0] ?? (await ctx.db.profiles.get(write.id));
  if (!row) return [];
  return [{ table: 'profiles', row: data?.[0] ?? { ...row, role: write.previous } }];
}

async function refused(ctx: PushContext, write: SetRoleWrite, failure: BackendFailure): Promise<PushOutcome> {
  return { result: 'failed', failure, changes: await restore(ctx, write) };
}

export const setRole = {
  name: 'setRole',
  tables: ['profiles'],
  target: (write) => write.id,
  async push(ctx, write) {
    const answer = await ctx.client
      .from('profiles')
      .update({ role: write.role })
      .eq('id', write.id)
      .select(PROFILE_COLUMNS);
    if (answer.error) {
      const failure = { ...answer.error, status: answer.status };
      // Offline or the server busy: the engine retries it; nothing to put back yet.
      if (classifyFailure(failure) === 'retry') throw new PushFailure(failure);
      return refused(ctx, write, failure);
    }
    const [row] = answer.data ?? [];
    if (!row) return refused(ctx, write, NOT_ALLOWED);
    return { result: 'sent', changes: [{ table: 'profiles', row }] };
  },
} satisfies WriteKind<SetRoleWrite>;

/**
 * Shows the new role on the member's card and queues the change; each change is sent, in the order made. Answers
 * the outbox entry's id, to follow it to the server, or null when there was nothing to change.
 */
export async function enqueueSetRole(ctx: WriteContext, input: { memberId: string; role: Role }) {
  const { db } = ctx;
  return db.transaction('rw', [db.profiles, db.outbox], async () => {
    const member = await db.profiles.get(input.memberId);
    if (!member || member.role === input.role) return null;
    const entry = outboxEntry(ctx, { kind: 'setRole', id: input.memberId, role: input.role, previous: member.role });
    await db.profiles.put({ ...member, role: input.role });
    await db.outbox.add(entry);
    return entry.id;
  });
}
