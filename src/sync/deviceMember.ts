// The member this device is set up for: the one of the latest auth event, the switch to them (run one after another,
// and tried again at the next sync when it failed), and the first read of the stored session, which a write made
// before the engine started waits for: the first screen shows the member before the engine starts.
export class DeviceMember {
  /** The member the device is set up, or being set up, for. */
  id: string | null = null;
  /** The member of the latest auth event, ahead of `id` while the switch to them is still running. */
  requested: string | null = null;
  private setUp = true;
  private change: Promise<void> = Promise.resolve();
  private readonly sessionRead: Promise<void>;
  private sessionWasRead!: () => void;

  constructor(
    /** Shows the member's rows and hides another's; it runs once `id` is theirs. */
    private readonly setUpFor: (userId: string | null) => Promise<void>,
    private readonly logBug?: (error: unknown, context: string) => void,
  ) {
    this.sessionRead = new Promise((resolve) => (this.sessionWasRead = resolve));
  }

  /** The member of the stored session, read when the engine starts. */
  async begin(userId: string | null): Promise<void> {
    this.requested = userId;
    await this.switchTo(userId);
    this.sessionWasRead();
  }

  /** The member, once the stored session has been read. */
  async known(): Promise<string | null> {
    if (!this.id) await this.sessionRead;
    return this.id;
  }

  /** Sets the device up for a member, after any switch under way; a failure (offline, a module that could not load)
   * is tried again at the next sync. */
  switchTo(userId: string | null): Promise<void> {
    this.setUp = true;
    this.change = this.change
      .then(() => {
        this.id = userId;
        return this.setUpFor(userId);
      })
      .catch((error: unknown) => {
        this.logBug?.(error, 'Could not set the device up for its member; trying again at the next sync');
        this.setUp = false;
      });
    return this.change;
  }

  /** The switch again, if the last one failed. */
  retry(): Promise<void> {
    return this.setUp ? Promise.resolve() : this.switchTo(this.requested);
  }
}
