// Words for a write that waits out a rate limit: how long is left, then the server's reason in a few words.

/** 45s, 3 min, 2 h 5 min: short enough for a post's status line. */
export function waitDuration(seconds: number): string {
  const s = Math.max(1, Math.ceil(seconds));
  if (s < 60) return `${s}s`;
  if (s < 3600) return `${Math.ceil(s / 60)} min`;
  const hours = Math.floor(s / 3600);
  const minutes = Math.ceil((s % 3600) / 60);
  return minutes === 0 ? `${hours} h` : `${hours} h ${minutes} min`;
}

/**
 * "Waiting 4s: you are posting too quickly". The server's first sentence says why; its "Please wait n seconds"
 * is left out, since the count here moves and the server's number does not.
 */
export function rateLimitNotice(message: string, secondsLeft: number): string {
  const reason = message.split(/\.\s/)[0]?.replace(/\.$/, '').trim() ?? '';
  const why = reason ? `: ${reason.charAt(0).toLowerCase()}${reason.slice(1)}` : '';
  return `Waiting ${waitDuration(secondsLeft)}${why}`;
}
