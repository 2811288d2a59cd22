// The engine's end of live updates: the socket joins the member's topics, and its pokes become pulls of the poked
// topics, coalesced (one running, at most one waiting, covering every topic poked meanwhile).
import type { Session } from '@supabase/supabase-js';
import { coalesce } from './coalesce.ts';
import type { ConnectLive, LiveConnection } from './live.ts';
import type { Topic } from '../data/syncedTables.ts';

export class LiveLink {
  private live: LiveConnection | null = null;
  private session: Session | null = null;
  /** Counts the starts and stops: a socket that connects after the link was stopped (or started again) is closed. */
  private runs = 0;
  private poked = new Set<Topic>();
  private readonly pokePull = coalesce(() => {
    const topics = this.poked;
    this.poked = new Set();
    return this.pull(topics);
  });
  /** Whether the socket has joined the forum topic. */
  up = false;

  constructor(
    private readonly pull: (topics: ReadonlySet<Topic>) => Promise<void>,
    /** Called when the socket comes up or goes down. */
    private readonly onUp: () => void,
  ) {}

  /**
   * Opens the socket with the latest session; a failure leaves the engine pulling as before, and is thrown. The
   * connection may come long after (its code loads once the browser is back online).
   */
  async start(connect: ConnectLive) {
    const run = (this.runs += 1);
    const live = await connect({
      poke: (topic) => {
        this.poked.add(topic);
        void this.pokePull();
      },
      up: (isUp) => {
        if (isUp === this.up) return;
        this.up = isUp;
        this.onUp();
      },
    });
    if (run !== this.runs) {
      live.stop();
      return;
    }
    this.live = live;
    await this.setSession(this.session);
  }

  /** A new session or a refreshed token: the private topic is joined, and read, with it. */
  async setSession(session: Session | null) {
    this.session = session;
    await this.live?.setMember(session?.user.id ?? null, session?.access_token ?? null);
  }

  stop() {
    this.runs += 1;
    this.live?.stop();
    this.live = null;
  }
}
