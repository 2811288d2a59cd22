// Taps on the server's page before the app has started: its buttons have no handlers until the app hydrates them, so
// such a tap (the phone's menu button, a second after the page shows) would do nothing. index.html keeps each button
// tapped from before the page is parsed, as the app's own code may come seconds later on a slow phone; the app taps
// them again once it hydrates the page. A link needs no keeping: the browser follows it on its own.

/** What index.html's inline script keeps: the buttons tapped, in order, each once, and its listener. */
interface EarlyTaps {
  buttons: HTMLButtonElement[];
  listener: (event: Event) => void;
}

declare global {
  interface Window {
    guapEarlyTaps?: EarlyTaps;
  }
}

/** The buttons tapped so far; keeping stops, as React hears taps itself from now on. */
export function takeEarlyTaps(target: Window = window): HTMLButtonElement[] {
  const early = target.guapEarlyTaps;
  if (!early) return [];
  target.document.removeEventListener('click', early.listener, true);
  delete target.guapEarlyTaps;
  return early.buttons;
}

/**
 * Taps the buttons again right after hydrateRoot: React hydrates the part of the page a tap lands in at once and then
 * hands it the tap, as it does for a visitor's own. A button the app's render no longer has is left alone.
 */
export function tapAgain(buttons: HTMLButtonElement[]): void {
  for (const button of buttons) if (button.isConnected && !button.disabled) button.click();
}
