// What a visitor does on the server's page before the app can answer it. Its buttons have no handlers until the app
// hydrates them, and the keyboard shortcuts load after the first screen, so a tap on the phone's menu button or a "j"
// a second after the page shows would do nothing. index.html keeps them from before the page is parsed; the app takes
// them here. A link needs no keeping: the browser follows it on its own.

/** What index.html's inline script keeps, and its listeners. */
interface EarlyInput {
  buttons: HTMLButtonElement[];
  keys: KeyboardEvent[];
  onClick: (event: Event) => void;
  onKey: (event: KeyboardEvent) => void;
  /** The browser's install prompt, when it fired before the app's menu made its own listener. */
  installPrompt?: Event;
}

declare global {
  interface Window {
    guapEarly?: EarlyInput;
  }
}

/** The buttons tapped so far, in order, each once; keeping them stops, as React hears taps itself from now on. */
export function takeEarlyTaps(target: Window = window): HTMLButtonElement[] {
  const early = target.guapEarly;
  if (!early) return [];
  target.document.removeEventListener('click', early.onClick, true);
  return early.buttons.splice(0);
}

/**
 * Taps the buttons again right after hydrateRoot: React hydrates the part of the page a tap lands in at once and then
 * hands it the tap, as it does for a visitor's own. A button the app's render no longer has is left alone.
 */
export function tapAgain(buttons: HTMLButtonElement[]): void {
  for (const button of buttons) if (button.isConnected && !button.disabled) button.click();
}

/** The keys pressed so far, oldest first, for the keyboard shortcuts once they listen; keeping them stops. */
export function takeEarlyKeys(target: Window = window): KeyboardEvent[] {
  const early = target.guapEarly;
  if (!early) return [];
  target.document.removeEventListener('keydown', early.onKey);
  return early.keys.splice(0);
}

/** The install prompt the browser offered before the app listened for it, if it did. */
export function earlyInstallPrompt(target: Window = window): Event | undefined {
  return target.guapEarly?.installPrompt;
}
