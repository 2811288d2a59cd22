// Paces the seen position of one thread: the highest post number wins, the first move is sent at once, later ones at
// most once a second (the last one at the end of that second), and flush() sends what waits when the page is left.
// The second is counted from the moment the last write was stored, not asked for, so two writes never land closer.

export interface SeenClock {
  now(): number;
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

interface SeenThrottle {
  /** A post scrolled into view. */
  see(postNumber: number): void;
  /** The position the mirror already holds (another device's pull, or this one's write): nothing at or below it is sent. */
  known(postNumber: number): void;
  /** Sends the waiting position now: the page is being left. */
  flush(): void;
}

const SEEN_INTERVAL_MS = 1_000;

/** `send` stores the position (in the outbox) and settles once it is stored, or failed to be. */
export function createSeenThrottle(
  send: (postNumber: number) => Promise<void>,
  clock: SeenClock,
  intervalMs = SEEN_INTERVAL_MS,
): SeenThrottle {
  let sent = 0;
  let waiting = 0;
  let storedAt = -Infinity;
  let storing = false;
  let timer: unknown = null;

  const schedule = () => {
    if (timer !== null || storing || waiting <= sent) return;
    const wait = storedAt + intervalMs - clock.now();
    if (wait <= 0) fire();
    else timer = clock.setTimeout(fire, wait);
  };

  function fire() {
    timer = null;
    if (waiting <= sent) return;
    sent = waiting;
    storing = true;
    void send(sent).finally(() => {
      storing = false;
      storedAt = clock.now();
      schedule();
    });
  }

  return {
    see(postNumber) {
      if (postNumber <= Math.max(sent, waiting)) return;
      waiting = postNumber;
      schedule();
    },
    known(postNumber) {
      sent = Math.max(sent, postNumber);
    },
    flush() {
      if (timer !== null) clock.clearTimeout(timer);
      fire();
    },
  };
}
