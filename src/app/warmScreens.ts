// Has the browser fetch and compile every screen's code once the first screen is up and the main thread is idle, so
// that opening a screen does not wait for its chunks (from the service worker's cache, or the network on a first
// visit). The build lists the files (scripts/screensAhead.ts); `modulepreload` links put them in the page's module
// map without running them, where importing them ran every screen's code in one task (424 ms at 4x CPU on /). One
// link goes in each idle period: the browser takes 0.5 to 4 ms over each, on the page's thread. Offline without a service worker the files
// cannot come, and a module that failed to load stays failed, so then no more are asked for.
import { SCREENS_AHEAD_ID, type ScreenFiles } from '../data/screensAhead.ts';
import { whenIdle } from '../lib/whenIdle.ts';

/** Links added in one idle period: four took 14-18 ms of the page's thread. */
const PER_IDLE = 1;
/** The longest an idle period is waited for. */
const AT_MOST_MS = 5_000;

interface Preload {
  rel: 'modulepreload' | 'preload';
  href: string;
}

function listed(): Preload[] {
  const text = document.getElementById(SCREENS_AHEAD_ID)?.textContent;
  if (!text) return [];
  const { scripts, styles } = JSON.parse(text) as ScreenFiles;
  const present = new Set([...document.querySelectorAll('link[href]')].map((link) => link.getAttribute('href')));
  return [
    ...scripts.map((href): Preload => ({ rel: 'modulepreload', href })),
    ...styles.map((href): Preload => ({ rel: 'preload', href })),
  ].filter(({ href }) => !present.has(href));
}

function linkTo({ rel, href }: Preload): HTMLLinkElement {
  const link = document.createElement('link');
  link.rel = rel;
  link.href = href;
  if (rel === 'preload') link.as = 'style';
  link.crossOrigin = '';
  return link;
}

/** The list is read in the first idle period too: with the page's links, a few milliseconds. */
export function warmScreens() {
  let queue: Preload[] | undefined;
  const next = () =>
    whenIdle(() => {
      queue ??= listed();
      if (!navigator.onLine && !navigator.serviceWorker?.controller) return;
      document.head.append(...queue.splice(0, PER_IDLE).map(linkTo));
      if (queue.length) next();
    }, AT_MOST_MS);
  if (document.getElementById(SCREENS_AHEAD_ID)) next();
}
