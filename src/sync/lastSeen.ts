// The member's last seen, stamped by the pulls: once one has reached the server, at most once a minute per member.
/** The server stamps last seen at most this often, so the pulls ask no more often either. */
const LAST_SEEN_INTERVAL_MS = 60_000;

export class LastSeenStamp {
  /** When this tab last asked, by member: a member not in it is stamped at their first pull. Keyed by member, not
   * reset on a switch, so a pull that reaches the server while the device is still being set up for a member counts. */
  private readonly at = new Map<string, number>();

  /** Nothing waits on the stamp: a failure is logged, never shown, and a pull after the interval tries again. */
  touch(userId: string, now: number, stamp: () => Promise<void>, logBug?: (error: unknown, label: string) => void) {
    const last = this.at.get(userId);
    if (last !== undefined && now - last < LAST_SEEN_INTERVAL_MS) return;
    this.at.set(userId, now);
    stamp().catch((error: unknown) => logBug?.(error, 'Stamping last seen failed'));
  }
}
