// The address links to a thread use on this device (SPEC §2 "Thread view"): a slug this device showed for one of its
// own threads, settled on the server with a suffix, keeps opening that thread here (threadAddress.ts), so a link to
// the other thread that holds the slug now goes by its id.
import type { Mirror } from '../mirror.ts';
import type { SlugAliasRow } from '../types.ts';

/**
 * The address a link to a thread uses here: its slug, unless that slug is an alias of another thread on this device
 * (which /t/{slug} would open), then its id.
 */
export function linkAddress(thread: { id: string; slug: string }, alias: SlugAliasRow | undefined): string {
  return alias && alias.thread_id !== thread.id ? thread.id : thread.slug;
}

/** The slug aliases of this device, by slug: a handful at most, read whole. */
export async function slugAliasMap(db: Mirror): Promise<Map<string, SlugAliasRow>> {
  return new Map((await db.slugAliases.toArray()).map((a) => [a.slug, a]));
}
