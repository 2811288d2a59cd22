// A first page's scripts start after its first paint: the HTML carries the page itself, so the app's code need not
// share the connection with it, nor run before the browser has shown it. The entry module, its preloads and the
// screen's preloads (scripts/preloadFirstScreen.ts) leave the head, and one inline script adds them once a frame has
// been drawn, or after a bound, should no frame come (a page in the background).

const ENTRY = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/;
const MODULE_PRELOAD = /<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g;
/** The screen preloader's inline script: an arrow function called at once. */
const SCREEN_PRELOADS = /<script>(\(\(\) => \{[\s\S]*?\}\)\(\);)<\/script>\s*/;
/** The longest the scripts wait for a frame. */
const AT_MOST_MS = 100;

/** The page with its scripts added after the first paint; as it is when its head is not the build's own. */
export function scriptsAfterPaint(html: string): string {
  const entry = ENTRY.exec(html)?.[1];
  const screens = SCREEN_PRELOADS.exec(html)?.[1];
  const end = html.lastIndexOf('</body>');
  if (!entry || end < 0) return html;
  const preloads = [...html.matchAll(MODULE_PRELOAD)].map((m) => m[1]!);
  const loader = `<script>(() => {
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    const add = (tag, props) => document.head.appendChild(Object.assign(document.createElement(tag), props));
    for (const href of ${JSON.stringify(preloads)}) add('link', { rel: 'modulepreload', href, crossOrigin: '' });
    add('script', { type: 'module', src: ${JSON.stringify(entry)}, crossOrigin: '' });
    ${screens ?? ''}
  };
  requestAnimationFrame(() => setTimeout(start, 0));
  setTimeout(start, ${AT_MOST_MS});
})();</script>`;
  const stripped = html.replace(ENTRY, '').replace(MODULE_PRELOAD, '').replace(SCREEN_PRELOADS, '');
  const at = stripped.lastIndexOf('</body>');
  return `${stripped.slice(0, at)}${loader}${stripped.slice(at)}`;
}
