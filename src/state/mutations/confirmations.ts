// Writes saved offline whose confirmation the member is still owed: saving said only "Saved, will send when online",
// so the spec's success toast waits for the server to have the write.
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { useMirrorQuery } from '../queries/useMirrorQuery.ts';

/** The toast of a write kept on this device until there is a connection (issue 11). */
export const SAVED_OFFLINE = 'Saved, will send when online';

interface AwaitedWrite {
  table: 'posts' | 'threads';
  id: string;
  /** The toast to show once the server has it. */
  confirmed: string;
}

// Kept in the tab's session storage: a reload while offline must not cost the member the toast they are owed.
const useAwaited = create<{ writes: AwaitedWrite[] }>()(
  persist((): { writes: AwaitedWrite[] } => ({ writes: [] }), {
    name: 'guap-awaited-confirmations',
    storage: createJSONStorage(() => sessionStorage),
  }),
);

export function awaitConfirmation(write: AwaitedWrite) {
  useAwaited.setState((s) => ({ writes: [...s.writes, write] }));
}

export function forgetConfirmation(id: string) {
  useAwaited.setState((s) => ({ writes: s.writes.filter((w) => w.id !== id) }));
}

/**
 * Each awaited write with where its row stands on this device: still 'sending', 'sent' (the server's row replaced
 * it), or 'gone' (refused or discarded: the failed list speaks for it).
 */
export function useAwaitedWrites() {
  const writes = useAwaited((s) => s.writes);
  return useMirrorQuery(
    (db) =>
      Promise.all(
        writes.map(async (write) => {
          const row = write.table === 'posts' ? await db.posts.get(write.id) : await db.threads.get(write.id);
          const status = !row || row._status === 'failed' ? 'gone' : row._status === 'sending' ? 'sending' : 'sent';
          return { write, status };
        }),
      ),
    [writes],
  );
}
