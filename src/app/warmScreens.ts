// Has the browser fetch every screen's code once the first screen is up and the main thread is idle, so that opening
// a screen does not wait for the network (on a first visit, before the service worker has its cache; or with no
// service worker). The build lists the files (scripts/screensAhead.ts); `prefetch` links put them in the HTTP cache
// (they are immutable), where importing them ran every screen's code in one task (424 ms at 4x CPU on /), and
// `modulepreload` links had the page's thread compile each file as it came: tasks of 20-26 ms, over two hundred files
// a first visit may never open. Opening a screen compiles its few files then. One link goes in each idle period:
// the browser takes 0.5 to 4 ms over each. Offline without a service worker the files cannot come: then no more are
// asked for.
import { SCREENS_AHEAD_ID, type ScreenFiles } from '../data/screensAhead.ts';
import { whenIdle } from '../lib/whenIdle.ts';

/** Links added in one idle period: four took 14-18 ms of the page's thread. */
const PER_IDLE = 1;
/** The longest an idle period is waited for. */
const AT_MOST_MS = 5_000;

interface Prefetch {
  href: string;
  as: 'script' | 'style';
}

function listed(text: string): Prefetch[] {
  const { scripts, styles } = JSON.parse(text) as ScreenFiles;
  const present = new Set([...document.querySelectorAll('link[href]')].map((link) => link.getAttribute('href')));
  return [
    ...scripts.map((href): Prefetch => ({ href, as: 'script' })),
    ...styles.map((href): Prefetch => ({ href, as: 'style' })),
  ].filter(({ href }) => !present.has(href));
}

function linkTo({ href, as }: Prefetch): HTMLLinkElement {
  const link = document.createElement('link');
  link.rel = 'prefetch';
  link.as = as;
  link.href = href;
  // As the module script and the stylesheet Vite adds will ask for them, so that the cached answer serves them.
  link.crossOrigin = '';
  return link;
}

/** The list is read in the first idle period too: with the page's links, a few milliseconds. */
export function warmScreens() {
  const text = document.getElementById(SCREENS_AHEAD_ID)?.textContent;
  if (!text) return;
  let queue: Prefetch[] | undefined;
  const next = () =>
    whenIdle(() => {
      queue ??= listed(text);
      if (!navigator.onLine && !navigator.serviceWorker?.controller) return;
      document.head.append(...queue.splice(0, PER_IDLE).map(linkTo));
      if (queue.length) next();
    }, AT_MOST_MS);
  next();
}
