// A first page's scripts start after its first paint: the HTML carries the page itself, so the app's code need not
// share the connection with it, nor run before the browser has shown it. The entry module, its preloads and the
// screen's preloads (scripts/preloadFirstScreen.ts) leave the head, and one inline script adds them once a frame has
// been drawn, or after a bound, should no frame come (a page in the background). The browser takes a while over each
// link it is handed (50 took 106 to 512 ms at 4x CPU in one task; a 200-reply thread names 60), so they go in a few a
// task, the entry first; the tasks follow each other through a message channel, which a background tab does not slow
// down as it does timers.

const ENTRY = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/;
const MODULE_PRELOAD = /<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g;
/** The screen preloader's inline script: an arrow function of where its links go, called with the document's head. */
const SCREEN_PRELOADS = /<script>(\(\(head\) => \{[\s\S]*?\}\))\(document\.head\);<\/script>\s*/;
/** The longest the scripts wait for a frame. */
const AT_MOST_MS = 100;
/** Scripts and links added in one task. */
const PER_TASK = 4;

/** The page with its scripts added after the first paint; as it is when its head is not the build's own. */
export function scriptsAfterPaint(html: string): string {
  const entry = ENTRY.exec(html)?.[1];
  const screens = SCREEN_PRELOADS.exec(html)?.[1];
  const end = html.lastIndexOf('</body>');
  if (!entry || end < 0) return html;
  const preloads = [...html.matchAll(MODULE_PRELOAD)].map((m) => m[1]!);
  const loader = `<script>(() => {
  let started = false;
  const queue = [];
  let linked;
  // A screen's stylesheet the HTML carries inline has a link already (disabled): a preload of it would be fetched
  // for nothing, and cost the page's thread a link.
  const head = {
    appendChild: (node) => {
      linked ??= new Set([...document.querySelectorAll('link[href]')].map((link) => link.getAttribute('href')));
      if (node.rel !== 'preload' || !linked.has(node.getAttribute('href'))) queue.push(node);
    },
  };
  const channel = new MessageChannel();
  channel.port1.onmessage = () => {
    document.head.append(...queue.splice(0, ${PER_TASK}));
    if (queue.length) channel.port2.postMessage(null);
  };
  const start = () => {
    if (started) return;
    started = true;
    const add = (tag, props) => head.appendChild(Object.assign(document.createElement(tag), props));
    add('script', { type: 'module', src: ${JSON.stringify(entry)}, crossOrigin: '' });
    for (const href of ${JSON.stringify(preloads)}) add('link', { rel: 'modulepreload', href, crossOrigin: '' });
    ${screens ? `${screens}(head);` : ''}
    channel.port2.postMessage(null);
  };
  requestAnimationFrame(() => setTimeout(start, 0));
  setTimeout(start, ${AT_MOST_MS});
})();</script>`;
  const stripped = html.replace(ENTRY, '').replace(MODULE_PRELOAD, '').replace(SCREEN_PRELOADS, '');
  const at = stripped.lastIndexOf('</body>');
  return `${stripped.slice(0, at)}${loader}${stripped.slice(at)}`;
}
