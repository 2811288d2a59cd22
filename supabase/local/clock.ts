// The time a server part reads and the repeating timer it runs on, passed in so a test can move time itself: a
// minute of silence or an hour to a token's expiry is then one call, with no real waiting.

export interface Clock {
  now(): number;
  /** Runs `run` every `ms` until the returned stop is called; the timer never keeps the process alive. */
  every(ms: number, run: () => void): () => void;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  every(ms, run) {
    const timer = setInterval(run, ms);
    timer.unref();
    return () => clearInterval(timer);
  },
};
