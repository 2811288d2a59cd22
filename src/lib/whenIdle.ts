// Runs work that nothing on screen waits for once the main thread is idle, or after `atMostMs` whatever happens;
// where the browser has no idle callbacks (Safari), after `atMostMs`.
export function whenIdle(run: () => void, atMostMs: number): void {
  if ('requestIdleCallback' in window) window.requestIdleCallback(run, { timeout: atMostMs });
  else setTimeout(run, atMostMs);
}
