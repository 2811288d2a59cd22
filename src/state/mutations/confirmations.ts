// Writes whose confirmation the member is still owed: the spec's success toast waits for the server to have the write
// (a reply or a thread shows "Waiting to send" until then), and saving offline said only "Saved, will send when
// online".
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import type { Mirror } from '../../data/mirror.ts';
import { useMirrorQuery } from '../queries/useMirrorQuery.ts';

/** The toast of a write kept on this device until there is a connection. */
export const SAVED_OFFLINE = 'Saved, will send when online';

type AwaitedWrite =
  | {
      table: 'posts' | 'threads';
      id: string;
      /** The toast to show once the server has it. */
      confirmed: string;
    }
  /**
   * A write with no row status of its own to watch (settings, profile): followed by its outbox entry. Its refusal
   * is toasted when it says how; without, the screen that made it shows the refusal.
   */
  | { table: 'outbox'; id: string; confirmed: string; refused?: string };

async function statusOf(db: Mirror, write: AwaitedWrite): Promise<'sending' | 'sent' | 'gone' | 'refused'> {
  if (write.table === 'outbox') {
    if ((await db.outbox.where('id').equals(write.id).count()) > 0) return 'sending';
    return (await db.failed.get(write.id)) ? 'refused' : 'sent';
  }
  const row = write.table === 'posts' ? await db.posts.get(write.id) : await db.threads.get(write.id);
  return !row || row._status === 'failed' ? 'gone' : row._status === 'sending' ? 'sending' : 'sent';
}

// Kept in the tab's session storage: a reload while offline must not cost the member the toast they are owed.
const useAwaited = create<{ writes: AwaitedWrite[] }>()(
  persist((): { writes: AwaitedWrite[] } => ({ writes: [] }), {
    name: 'guap-awaited-confirmations',
    storage: createJSONStorage(() => sessionStorage),
  }),
);

export function awaitConfirmation(write: AwaitedWrite) {
  // A write that joined one already awaited (a coalesced toggle) is owed one toast, not two.
  useAwaited.setState((s) => ({ writes: [...s.writes.filter((w) => w.id !== write.id), write] }));
}

export function forgetConfirmation(id: string) {
  useAwaited.setState((s) => ({ writes: s.writes.filter((w) => w.id !== id) }));
}

/**
 * Each awaited write with where its row stands on this device: still 'sending', 'sent' (the server's row replaced
 * it), 'gone' (refused or discarded: the failed list speaks for it), or 'refused' (its own refusal text says so).
 */
export function useAwaitedWrites() {
  const writes = useAwaited((s) => s.writes);
  return useMirrorQuery(
    (db) => Promise.all(writes.map(async (write) => ({ write, status: await statusOf(db, write) }))),
    [writes],
  );
}
