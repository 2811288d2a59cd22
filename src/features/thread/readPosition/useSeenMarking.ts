// Sends the highest post seen in a thread through the outbox, paced to one write a second, and never loses the last
// one: it is flushed when the thread is left, the tab hidden or the page closed.
import { useCallback, useEffect, useRef } from 'react';
import { logError } from '../../../state/errors/reportError.ts';
import { useMarkSeen } from '../../../state/mutations/readState.ts';
import { createSeenThrottle } from './seenThrottle.ts';

const BROWSER_CLOCK = {
  now: () => performance.now(),
  setTimeout: (run: () => void, ms: number) => window.setTimeout(run, ms),
  clearTimeout: (handle: unknown) => window.clearTimeout(handle as number),
};

/** `known` is the position the mirror holds (null while it loads: nothing is marked until then). */
export function useSeenMarking(threadId: string, known: number | null) {
  const markSeen = useMarkSeen();
  const send = useRef(markSeen);
  useEffect(() => {
    send.current = markSeen;
  }, [markSeen]);

  const throttle = useRef<ReturnType<typeof createSeenThrottle> | null>(null);
  useEffect(() => {
    const paced = createSeenThrottle(
      (postNumber) =>
        send.current(threadId, postNumber).catch((error: unknown) => {
          logError(error, 'Marking posts seen failed');
        }),
      BROWSER_CLOCK,
    );
    throttle.current = paced;
    const onHidden = () => {
      if (document.visibilityState === 'hidden') paced.flush();
    };
    const onPageHide = () => paced.flush();
    document.addEventListener('visibilitychange', onHidden);
    window.addEventListener('pagehide', onPageHide);
    return () => {
      document.removeEventListener('visibilitychange', onHidden);
      window.removeEventListener('pagehide', onPageHide);
      paced.flush();
      throttle.current = null;
    };
  }, [threadId]);

  useEffect(() => {
    if (known !== null) throttle.current?.known(known);
  }, [known, threadId]);

  const loaded = known !== null;
  return useCallback(
    (postNumber: number) => {
      if (loaded && postNumber > 0) throttle.current?.see(postNumber);
    },
    [loaded],
  );
}
