// SPEC §4: opening a thread counts one view per load. Offline (or for a thread not yet on the server) it is skipped.
import { useEffect, useRef } from 'react';
import { useBackend } from '../../state/BackendContext.tsx';
import { countThreadView } from '../../backend/views.ts';
import { whenIdle } from '../../lib/whenIdle.ts';
import type { ThreadWithRefs } from '../../data/queries/threads.ts';

export function useViewCount(thread: ThreadWithRefs | null | undefined, online: boolean) {
  const client = useBackend();
  const counted = useRef<string | null>(null);
  const id = thread?.id;
  const onServer = thread ? thread._status === undefined : false;
  useEffect(() => {
    if (!id || !onServer || counted.current === id) return;
    counted.current = id;
    if (!online) return;
    // After the thread has painted; a lost view is not worth an error: the count is a hint, not a record.
    whenIdle(() => void countThreadView(client, id).catch(() => undefined), 2_000);
  }, [client, id, onServer, online]);
}
