// Keys pressed before the keyboard handler's chunk has loaded (the page may show from its HTML well before): kept from
// the app's first line, and handed to the handler when it mounts, so a member's first keys are never lost.
let kept: KeyboardEvent[] | null = null;

const keep = (event: KeyboardEvent) => kept?.push(event);

/** Starts keeping keydown events; once is enough. */
export function keepEarlyKeys(target: Document = document): void {
  if (kept) return;
  kept = [];
  target.addEventListener('keydown', keep);
}

/** The keys kept so far, oldest first; keeping stops. */
export function takeEarlyKeys(target: Document = document): KeyboardEvent[] {
  target.removeEventListener('keydown', keep);
  const keys = kept ?? [];
  kept = null;
  return keys;
}
