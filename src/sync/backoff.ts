// Exponential backoff with jitter for retried pushes.
export interface BackoffOptions {
  baseMs: number;
  maxMs: number;
}

export const DEFAULT_BACKOFF: BackoffOptions = { baseMs: 1_000, maxMs: 5 * 60_000 };

/** Delay before attempt `attempts + 1`: base·2^attempts, capped, then a random half of it dropped ("equal jitter"). */
export function backoffDelay(attempts: number, random: () => number, options: BackoffOptions = DEFAULT_BACKOFF) {
  const ceiling = Math.min(options.maxMs, options.baseMs * 2 ** Math.min(attempts, 30));
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}
