// Account deletion (SPEC §5): the member's avatar files first, through the storage API (the database cannot reach
// them), then delete_user() removes the account and everything that is only theirs.
import type { ForumClient } from './client.ts';

const AVATARS = 'avatars';
const PAGE = 100;

/** Names in the avatars bucket that are this member's: `{userId}-{timestamp}.{ext}` at the root. */
async function avatarNames(client: ForumClient, userId: string): Promise<string[]> {
  const prefix = `${userId}-`;
  const names: string[] = [];
  for (let offset = 0; ; offset += PAGE) {
    const { data, error } = await client.storage.from(AVATARS).list('', { search: prefix, limit: PAGE, offset });
    if (error) throw error;
    names.push(...data.map((file) => file.name).filter((name) => name.startsWith(prefix)));
    if (data.length < PAGE) return names;
  }
}

export async function deleteAccount(client: ForumClient, userId: string): Promise<void> {
  // delete_user() refuses a banned member: asked first, so the avatars are not removed for nothing.
  const { data: me, error: readError } = await client.from('profiles').select('is_banned').eq('id', userId).single();
  if (readError) throw readError;
  if (me.is_banned) {
    throw { code: '42501', message: 'Your account is banned, so it cannot be deleted; ask an admin' };
  }
  const names = await avatarNames(client, userId);
  if (names.length > 0) {
    const { error } = await client.storage.from(AVATARS).remove(names);
    if (error) throw error;
  }
  const { error } = await client.rpc('delete_user');
  if (error) throw error;
}
