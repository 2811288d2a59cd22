// Fetching one thread, or one member's profile, that the mirror lacks, for a screen that opens it.
import type { ForumClient } from '../backend/client.ts';
import { errorKind } from '../backend/errors.ts';
import type { Mirror } from '../data/mirror.ts';
import { postsOfThread } from '../data/queries/posts.ts';
import type { OpenThreadResult } from './engineTypes.ts';
import { fetchThread, fetchThreadPosts } from './keep.ts';
import { fetchMissingProfiles } from './profiles.ts';

/** Only a request that got no answer means offline; anything else is a failure the screen must not hide. */
async function offlineOnNetworkError(fetch: () => Promise<OpenThreadResult>): Promise<OpenThreadResult> {
  try {
    return await fetch();
  } catch (error) {
    if (errorKind(error) === 'network') return 'offline';
    throw error;
  }
}

/** The thread, all its posts and their authors' profiles. */
export function mirrorThread(db: Mirror, client: ForumClient, id: string, pageSize: number, now: number) {
  return offlineOnNetworkError(async () => {
    const thread = await fetchThread(db, client, id);
    if (!thread) return 'missing';
    await fetchThreadPosts(db, client, [thread.id], pageSize, now);
    const posts = await postsOfThread(db, thread.id).toArray();
    await fetchMissingProfiles(db, client, [thread.author_id, ...posts.map((p) => p.author_id)]);
    return 'mirrored';
  });
}

/** A member's public profile: one who signed up since the last pull. */
export function mirrorProfile(db: Mirror, client: ForumClient, id: string) {
  return offlineOnNetworkError(async () => {
    await fetchMissingProfiles(db, client, [id]);
    return (await db.profiles.get(id)) ? 'mirrored' : 'missing';
  });
}
