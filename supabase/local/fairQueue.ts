// Fair turns at the database for the stack's clients (by address, clientAddress.ts): PGlite runs one statement at a
// time, so without this one client's burst of slow requests makes everyone else wait behind all of it.
//
// Each client has its own bounded queue. When a turn frees, the waiting client that has used the least time recently
// goes next (self-clocked fair queueing by time used), so a visitor's quick read goes before an attacker's next slow
// one, and a client's burst waits behind its own requests, not everyone's.

export interface FairQueueLimits {
  /** Requests running at once, all clients together. */
  concurrency: number;
  /** Requests one client may have running at once. */
  perClient: number;
  /** Requests one client may have waiting; one more is refused with QueueFull. */
  queuePerClient: number;
}

/** The client already has `queuePerClient` requests waiting. */
export class QueueFull extends Error {
  constructor(readonly retryAfterS: number) {
    super(`Too many requests waiting from this address; retry in ${retryAfterS} s`);
  }
}

interface ClientState {
  running: number;
  waiting: Array<() => void>;
  /** Milliseconds of turns used, on the queue's virtual clock. */
  used: number;
}

export class FairQueue {
  private readonly clients = new Map<string, ClientState>();
  private running = 0;
  /**
   * The queue's virtual time: the most `used` of any client admitted or finished. A client that was idle, or is new,
   * starts from here, not from its old total. It moves on as turns end, so a stream of new clients (an attacker with
   * a new address for each request) starts behind the time it has used, never level with a client that keeps coming.
   */
  private clock = 0;

  constructor(
    readonly limits: FairQueueLimits,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** Waits for `client`'s turn and resolves with the function that ends it; throws QueueFull over the bound. */
  acquire(client: string): Promise<() => void> {
    let state = this.clients.get(client);
    if (!state) {
      state = { running: 0, waiting: [], used: this.clock };
      this.clients.set(client, state);
    } else if (state.running === 0 && state.waiting.length === 0) {
      state.used = Math.max(state.used, this.clock);
    }
    const own = state;
    // When a turn is free no other client is waiting for one (every release hands its turn on at once).
    if (this.running < this.limits.concurrency && own.running < this.limits.perClient && own.waiting.length === 0) {
      return Promise.resolve(this.start(own));
    }
    if (own.waiting.length >= this.limits.queuePerClient) return Promise.reject(new QueueFull(1));
    return new Promise((resolve) => own.waiting.push(() => resolve(this.start(own))));
  }

  /** How many requests of `client` run and wait (tests, and nothing else, look). */
  stateOf(client: string): { running: number; waiting: number } {
    const state = this.clients.get(client);
    return { running: state?.running ?? 0, waiting: state?.waiting.length ?? 0 };
  }

  private start(state: ClientState): () => void {
    this.running += 1;
    state.running += 1;
    this.clock = Math.max(this.clock, state.used);
    const startedAt = this.now();
    let ended = false;
    return () => {
      if (ended) return;
      ended = true;
      this.running -= 1;
      state.running -= 1;
      state.used += this.now() - startedAt;
      this.clock = Math.max(this.clock, state.used);
      this.next();
    };
  }

  /** Hands free turns to the waiting clients that used the least, and forgets clients with nothing left. */
  private next() {
    while (this.running < this.limits.concurrency) {
      let pick: ClientState | undefined;
      for (const state of this.clients.values()) {
        if (state.waiting.length === 0 || state.running >= this.limits.perClient) continue;
        if (!pick || state.used < pick.used) pick = state;
      }
      if (!pick) break;
      pick.waiting.shift()!();
    }
    for (const [client, state] of this.clients) {
      if (state.running === 0 && state.waiting.length === 0 && state.used <= this.clock) this.clients.delete(client);
    }
  }
}
