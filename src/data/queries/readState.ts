// Where the member left off in each thread: new (never opened), unread (posts past their read position) or read.
import type { Mirror } from '../mirror.ts';
import type { ThreadReadRow, ThreadRow } from '../types.ts';

export type ReadState = { kind: 'new' } | { kind: 'unread'; count: number } | { kind: 'read' };

/** The signed-in member, as the read state needs them: threads created before they joined are never new. */
export interface Reader {
  id: string;
  joinedAt: string;
}

type ReadFilter = 'all' | 'unread' | 'new';

/** A thread's read state for the member, from the thread and the member's read row of it. */
export function readStateOf(thread: ThreadRow, read: ThreadReadRow | undefined, me: Reader): ReadState {
  if (!read) {
    const own = thread.author_id === me.id;
    return !own && thread.created_at > me.joinedAt ? { kind: 'new' } : { kind: 'read' };
  }
  const count = thread.highest_post_number - read.last_read_post_number;
  return count > 0 ? { kind: 'unread', count } : { kind: 'read' };
}

/** The read states of these threads, by thread id. */
export async function readStatesOf(db: Mirror, threads: ThreadRow[], me: Reader): Promise<Map<string, ReadState>> {
  const reads = await db.threadReads.bulkGet(threads.map((t) => t.id));
  return new Map(threads.map((t, i) => [t.id, readStateOf(t, reads[i], me)]));
}

/** The ids of the threads a filter of /threads shows, latest activity first. */
export async function threadIdsByReadFilter(db: Mirror, me: Reader, filter: ReadFilter): Promise<string[]> {
  const threads = await db.threads.orderBy('_active_at').reverse().toArray();
  if (filter === 'all') return threads.map((t) => t.id);
  const states = await readStatesOf(db, threads, me);
  return threads.filter((t) => states.get(t.id)?.kind === filter).map((t) => t.id);
}
