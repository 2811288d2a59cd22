// Which thread /t/{idOrSlug} names on this device, and the address to show for it (SPEC §2 "Thread view").
import type { Mirror } from '../mirror.ts';
import type { ThreadRow } from '../types.ts';
import { withThreadRefs, type ThreadWithRefs } from './threads.ts';

/**
 * The thread an address names on this device: its id; else a slug this device showed for one of its threads
 * before the server settled that thread on another (even when another thread has that slug now: the member saw it
 * as theirs here); else a thread's current slug, this device's unsent thread first.
 */
export async function threadRowAt(db: Mirror, idOrSlug: string): Promise<ThreadRow | undefined> {
  const byId = await db.threads.get(idOrSlug);
  if (byId) return byId;
  const alias = await db.slugAliases.get(idOrSlug);
  const aliased = alias && (await db.threads.get(alias.thread_id));
  if (aliased) return aliased;
  const bySlug = await db.threads.where('slug').equals(idOrSlug).toArray();
  return bySlug.find((t) => t._status !== undefined) ?? bySlug[0];
}

/** A thread opened by its address; its own address is its slug unless that slug opens another thread here. */
export async function openedThread(db: Mirror, idOrSlug: string): Promise<ThreadWithRefs | undefined> {
  const row = await threadRowAt(db, idOrSlug);
  if (!row) return undefined;
  const atSlug = row.slug === idOrSlug ? row : await threadRowAt(db, row.slug);
  const [thread] = await withThreadRefs(db, [row]);
  return { ...thread!, address: atSlug?.id === row.id ? row.slug : row.id };
}
