// Taps on the server's page before the app has started: its buttons have no handlers until the app hydrates them, so
// such a tap (the phone's menu button, a second after the page shows) would do nothing. Each button tapped is kept
// from the app's first line and tapped again once the app hydrates the page. A link needs no keeping: the browser
// follows it on its own.
let kept: Set<HTMLButtonElement> | null = null;

const keep = (event: Event) => {
  const button = event.target instanceof Element ? event.target.closest('button') : null;
  if (button) kept?.add(button);
};

/** Starts keeping the buttons tapped; once is enough. */
export function keepEarlyTaps(target: Document = document): void {
  if (kept) return;
  kept = new Set();
  target.addEventListener('click', keep, true);
}

/** The buttons tapped so far, each once, in order; keeping stops, as React hears taps itself from now on. */
export function takeEarlyTaps(target: Document = document): HTMLButtonElement[] {
  target.removeEventListener('click', keep, true);
  const buttons = [...(kept ?? [])];
  kept = null;
  return buttons;
}

/**
 * Taps the buttons again right after hydrateRoot: React hydrates the part of the page a tap lands in at once and then
 * hands it the tap, as it does for a visitor's own. A button the app's render no longer has is left alone.
 */
export function tapAgain(buttons: HTMLButtonElement[]): void {
  for (const button of buttons) if (button.isConnected && !button.disabled) button.click();
}
