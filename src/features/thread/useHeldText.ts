// The words of a post hidden pending review, read online for staff and the post's author. Offline, or when the read
// fails, the notice stands alone; a failure other than the connection goes to the log.
import { useEffect, useState } from 'react';
import { errorKind } from '../../backend/errors.ts';
import { fetchHeldText } from '../../backend/postHolds.ts';
import { useBackend } from '../../state/BackendContext.tsx';
import { logErrorLater } from '../../state/errors/logErrorLater.ts';

export function useHeldText(postId: string, enabled: boolean, online: boolean): string | null {
  const client = useBackend();
  const [held, setHeld] = useState<{ postId: string; content: string } | null>(null);
  useEffect(() => {
    if (!enabled || !online) return;
    let current = true;
    fetchHeldText(client, postId).then(
      (content) => {
        if (current && content !== null) setHeld({ postId, content });
      },
      (error: unknown) => {
        if (errorKind(error) !== 'network') logErrorLater(error, 'Reading a hidden post failed');
      },
    );
    return () => {
      current = false;
    };
  }, [client, postId, enabled, online]);
  return held?.postId === postId ? held.content : null;
}
