// Typed profile calls. Clients never select * on profiles: public columns come from the table,
// the owner's private fields (email, preferences, privacy) from the profile_private view.
import type { ForumClient } from './client.ts';
import type { Database, NotificationPreferences, PrivacySettings, Row } from './database.ts';
import { AppError, backendError } from './errors.ts';
import { PUBLIC_PROFILE_COLUMNS } from './profileColumns.ts';

export type { Role } from './database.ts';

/** A profile's public columns: everything but the private fields and the sync stamp. */
export type PublicProfile = Omit<
  Row<'profiles'>,
  'email' | 'notification_preferences' | 'privacy_settings' | 'sync_txid'
>;

/** The owner's private fields, read through the profile_private view. */
export type PrivateProfileFields = Pick<
  Row<'profile_private'>,
  'id' | 'email' | 'notification_preferences' | 'privacy_settings'
>;

/** The signed-in member's own profile: the public row plus the private fields only they can read. */
export type Profile = PublicProfile & Partial<Omit<PrivateProfileFields, 'id'>>;

export type ProfileUpdate = Partial<
  Pick<PublicProfile, 'username' | 'display_name' | 'bio' | 'avatar_url' | 'wallet_address'> & {
    notification_preferences: NotificationPreferences;
    privacy_settings: PrivacySettings;
  }
>;

/** SPEC §9: the profile fetch gives up after 10 s. */
const PROFILE_FETCH_TIMEOUT_MS = 10_000;

async function fetchPublicProfile(
  client: ForumClient,
  id: string,
  signal?: AbortSignal,
): Promise<PublicProfile | null> {
  let query = client.from('profiles').select(PUBLIC_PROFILE_COLUMNS).eq('id', id);
  if (signal) query = query.abortSignal(signal);
  const { data, error, status } = await query.maybeSingle();
  if (error) {
    if (signal?.aborted)
      throw new AppError('unavailable', 'Profile fetch timed out', { code: 'timeout', cause: error });
    throw backendError('Failed to fetch profile', error, status);
  }
  return data;
}

async function fetchPrivateProfileFields(
  client: ForumClient,
  id: string,
  signal?: AbortSignal,
): Promise<PrivateProfileFields | null> {
  let query = client.from('profile_private').select('*').eq('id', id);
  if (signal) query = query.abortSignal(signal);
  const { data, error, status } = await query.maybeSingle();
  if (error) {
    if (signal?.aborted)
      throw new AppError('unavailable', 'Profile fetch timed out', { code: 'timeout', cause: error });
    throw backendError('Failed to fetch profile', error, status);
  }
  return data;
}

/**
 * The own profile, public row and private fields together, within the 10 s budget.
 * Null when the row is missing; the private fields are optional because they are not needed to show the shell.
 */
export async function fetchOwnProfile(
  client: ForumClient,
  id: string,
  timeoutMs = PROFILE_FETCH_TIMEOUT_MS,
): Promise<Profile | null> {
  const signal = AbortSignal.timeout(timeoutMs);
  const [publicRow, privateRow] = await Promise.all([
    fetchPublicProfile(client, id, signal),
    fetchPrivateProfileFields(client, id, signal).catch((error: unknown) => {
      console.warn('Private profile fields unavailable', error);
      return null;
    }),
  ]);
  if (!publicRow) return null;
  if (!privateRow) return publicRow;
  const { id: _id, ...privateFields } = privateRow;
  return { ...publicRow, ...privateFields };
}

/** SPEC §4: after a sign-up that returns a session at once, the profile row is created by the client. */
export async function insertProfile(
  client: ForumClient,
  row: { id: string; username: string; email: string | null },
): Promise<void> {
  const { error, status } = await client.from('profiles').insert(row);
  if (error) throw backendError('Failed to create profile', error, status);
}

/** Why `username` cannot be a new member's name (taken, too long, with a space), or null: rpc username_problem. */
export async function usernameProblem(client: ForumClient, username: string): Promise<string | null> {
  const { data, error, status } = await client.rpc('username_problem', { wanted: username });
  if (error) throw backendError('Failed to check the username', error, status);
  return data;
}

/** Updates the own profile and answers the updated public row (private fields updated through the same table). */
export async function updateProfile(
  client: ForumClient,
  id: string,
  changes: ProfileUpdate,
): Promise<PublicProfile | null> {
  const { data, error, status } = await client
    .from('profiles')
    .update({ ...changes, updated_at: new Date().toISOString() })
    .eq('id', id)
    .select(PUBLIC_PROFILE_COLUMNS)
    .maybeSingle();
  if (error) throw backendError('Failed to update profile', error, status);
  return data;
}

type ActivityRow = Database['public']['Functions']['member_activity']['Returns'][number];

/** One entry of a member's recent activity: a thread they started, or a reply (with its post and an excerpt). */
export type ActivityEntry = Omit<ActivityRow, 'kind' | 'post_id' | 'excerpt'> & {
  kind: 'thread' | 'reply';
  post_id: string | null;
  excerpt: string | null;
};

/**
 * A member's 10 newest threads and replies, newest first, read online (rpc member_activity; not mirrored).
 * `hidden`: the member keeps their activity from the caller (showActivity off). The rpc answers an empty list then,
 * so only an empty list asks member_activity_visible which of the two it is.
 */
export async function fetchMemberActivity(
  client: ForumClient,
  memberId: string,
): Promise<{ entries: ActivityEntry[]; hidden: boolean }> {
  const { data, error, status } = await client.rpc('member_activity', { member: memberId });
  if (error) throw backendError('Failed to load activity', error, status);
  const entries = data.map((row): ActivityEntry => ({ ...row, kind: row.kind === 'thread' ? 'thread' : 'reply' }));
  if (entries.length > 0) return { entries, hidden: false };
  const visible = await client.rpc('member_activity_visible', { member: memberId });
  if (visible.error) throw backendError('Failed to load activity', visible.error, visible.status);
  return { entries, hidden: visible.data !== true };
}

const AVATAR_BUCKET = 'avatars';

/**
 * SPEC §7: a new object `{userId}-{timestamp}.{ext}` in the avatars bucket, cache control 3600, never overwriting;
 * answers its public URL. Errors are thrown as supabase-js gives them, for the caller's failure texts to word.
 */
export async function uploadAvatar(
  client: ForumClient,
  userId: string,
  file: { body: Blob; ext: string },
  now = Date.now(),
): Promise<string> {
  const bucket = client.storage.from(AVATAR_BUCKET);
  const path = `${userId}-${now}.${file.ext}`;
  const { error } = await bucket.upload(path, file.body, {
    cacheControl: '3600',
    upsert: false,
    contentType: file.body.type,
  });
  if (error) throw error;
  return bucket.getPublicUrl(path).data.publicUrl;
}
