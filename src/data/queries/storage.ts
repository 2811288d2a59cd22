// How much of the forum this device holds: the counts the storage card puts beside the bytes.
import type { Mirror } from '../mirror.ts';

export async function mirroredCounts(db: Mirror): Promise<{ threads: number; posts: number }> {
  const [threads, posts] = await Promise.all([db.threads.count(), db.posts.count()]);
  return { threads, posts };
}
