// Has the browser fetch every screen's code when the page is idle, so that opening a screen does not wait for the
// network where no service worker fetches it ahead (a browser without one, or with it blocked): main.tsx calls it once
// the first pull has ended and registering a service worker did not succeed. A registered service worker's install fetches every screen's files (its precache): links then fetched them
// a second time and gave the page's thread over a hundred idle callbacks (268 ms at 1x in a traced first visit), so
// none are added once it is there. The build lists the files (scripts/screensAhead.ts); `prefetch` links put them in
// the HTTP cache (they are immutable), where importing them ran every screen's code in one task (424 ms at 4x CPU on
// /), and `modulepreload` links had the page's thread compile each file as it came: tasks of 20-26 ms, over two
// hundred files a first visit may never open. Opening a screen compiles its few files then. One link goes in each
// idle period: the browser takes 0.5 to 4 ms over each. Offline the files cannot come: then no more are asked for.
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

/**
 * Whether a service worker is registered for the page: installing (fetching the files), waiting or active. Where the
 * browser refuses to say (a page that may not have one), it has none.
 */
async function serviceWorkerHasThem(): Promise<boolean> {
  const registration = await navigator.serviceWorker?.getRegistration().catch(() => undefined);
  return Boolean(registration?.installing ?? registration?.waiting ?? registration?.active);
}

/** The list is read in the first idle period too: with the page's links, a few milliseconds. */
export function warmScreens() {
  const text = document.getElementById(SCREENS_AHEAD_ID)?.textContent;
  if (!text) return;
  let queue: Prefetch[] | undefined;
  const next = async () => {
    if (await serviceWorkerHasThem()) return;
    whenIdle(() => {
      queue ??= listed(text);
      if (!navigator.onLine) return;
      document.head.append(...queue.splice(0, PER_IDLE).map(linkTo));
      if (queue.length) void next();
    }, AT_MOST_MS);
  };
  void next();
}
