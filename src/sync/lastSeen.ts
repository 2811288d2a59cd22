// The member's last seen, stamped by the pulls: once one has reached the server, at most once a minute.
/** The server stamps last seen at most this often, so the pulls ask no more often either. */
const LAST_SEEN_INTERVAL_MS = 60_000;

export class LastSeenStamp {
  /** When this tab last asked; unset for a member not stamped yet. */
  private at: number | undefined;

  /** A new member on the device is stamped at their first pull. */
  forget() {
    this.at = undefined;
  }

  /** Nothing waits on the stamp: a failure is logged, never shown, and a pull after the interval tries again. */
  touch(now: number, stamp: () => Promise<void>, logBug?: (error: unknown, label: string) => void) {
    if (this.at !== undefined && now - this.at < LAST_SEEN_INTERVAL_MS) return;
    this.at = now;
    stamp().catch((error: unknown) => logBug?.(error, 'Stamping last seen failed'));
  }
}
