// The member's own profile fields (username, display name, bio, wallet address, avatar): changed in the mirror at
// once, sent as one PATCH. A PATCH of the same values is harmless, so a retry after a lost answer needs no care.
import type { ProfileRow } from '../../data/types.ts';
import { PROFILE_COLUMNS } from '../../data/columns.ts';
import { DISPLAY_NAME_DIRECTION, DISPLAY_NAME_TOO_LONG } from '../../lib/displayNameRules.ts';
import { classifyFailure, describeFailure } from '../errors.ts';
import { outboxEntry, type WriteContext } from '../enqueue.ts';
import type { PushContext, PushOutcome, WriteKind } from '../writeKind.ts';

export type ProfileChanges = Partial<
  Pick<ProfileRow, 'username' | 'display_name' | 'bio' | 'wallet_address' | 'avatar_url'>
>;

interface UpdateProfileWrite {
  kind: 'updateProfile';
  id: string;
  changes: ProfileChanges;
}

declare module '../../data/outboxTypes.ts' {
  interface WritePayloads {
    updateProfile: UpdateProfileWrite;
  }
}

/** The refusal of a username another member has (the unique index on lower(username), 23505). */
export const USERNAME_TAKEN = 'This username is already taken. Please choose another one.';

/** The refusals of a display name by the database (20261129000700_display_name_rules.sql). */
export const DISPLAY_NAME_RULES: readonly string[] = [DISPLAY_NAME_TOO_LONG, DISPLAY_NAME_DIRECTION];

/** The server's row, put back in the mirror when the change is refused, so the screen stops showing it. */
async function serverRow(ctx: PushContext, id: string): Promise<ProfileRow | undefined> {
  const { data } = await ctx.client.from('profiles').select(PROFILE_COLUMNS).eq('id', id).retry(false);
  return data?.[0];
}

async function pushUpdate(ctx: PushContext, write: UpdateProfileWrite): Promise<PushOutcome> {
  const { data, error, status } = await ctx.client
    .from('profiles')
    .update(write.changes)
    .eq('id', write.id)
    .select(PROFILE_COLUMNS);
  const [row] = data ?? [];
  if (!error && row) return { result: 'sent', changes: [{ table: 'profiles', row }] };
  // No answer, or one worth waiting out: the engine retries, and the mirror keeps the member's change meanwhile.
  const failure = error ? { message: error.message, code: error.code, status } : undefined;
  if (failure && classifyFailure(failure) === 'retry') return { result: 'failed', failure, changes: [] };
  // Zero rows: RLS filtered the update, so it is not the member's profile (or it is gone).
  const refusal = failure ?? { message: 'profile update refused', code: '42501', status: 403 };
  const restored = await serverRow(ctx, write.id);
  const taken = refusal.code === '23505' && /username/i.test(refusal.message);
  // The database's display-name rules speak the form's words: said as they are, for the form to show by the field.
  const nameRule = refusal.code === '23514' && DISPLAY_NAME_RULES.includes(refusal.message);
  return {
    result: 'failed',
    failure: refusal,
    reason: taken ? USERNAME_TAKEN : nameRule ? refusal.message : describeFailure(refusal),
    changes: restored ? [{ table: 'profiles', row: restored }] : [],
  };
}

export const updateProfile = {
  name: 'updateProfile',
  tables: ['profiles'],
  target: (write) => write.id,
  push: pushUpdate,
} satisfies WriteKind<UpdateProfileWrite>;

/** Shows the change in the mirror and queues it, in one transaction; answers the outbox entry's id to follow it. */
export async function enqueueUpdateProfile(ctx: WriteContext, changes: ProfileChanges): Promise<string> {
  const { db } = ctx;
  const entry = outboxEntry(ctx, { kind: 'updateProfile', id: ctx.userId, changes });
  await db.transaction('rw', [db.profiles, db.outbox], async () => {
    const row = await db.profiles.get(ctx.userId);
    if (row) await db.profiles.put({ ...row, ...changes });
    await db.outbox.add(entry);
  });
  return entry.id;
}
