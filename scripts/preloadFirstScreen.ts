// A Vite build plugin: index.html starts loading the code of the screen its address opens (home, a category, a
// thread) beside the entry, instead of after the entry has run and the router has asked for it.
import { resolve } from 'node:path';
import type { Plugin } from 'vite';
import type { ScreenFiles } from '../src/data/screensAhead.ts';
import { bootFiles } from './bootStages.ts';
import { chunkOf, filesBeyond, tagsFromBundle } from './bundleFiles.ts';

export interface FirstScreen {
  /** The addresses that open this screen, as the router matches them. */
  path: RegExp;
  /** The screen's module, from the project root, as its route imports it. */
  module: string;
}

/**
 * Runs in the page before anything else: one pass over a few patterns, then link tags the parser has not met, handed
 * to `head`: the document's own, or the queue of a first page's loader (supabase/local/web/scriptsAfterPaint.ts).
 */
function preloadScript(screens: ({ path: string } & ScreenFiles)[]): string {
  return `((head) => {
  const screens = ${JSON.stringify(screens)};
  const screen = screens.find((s) => new RegExp(s.path).test(location.pathname));
  const add = (rel, href, as) => {
    const link = document.createElement('link');
    link.rel = rel;
    link.href = href;
    if (as) link.as = as;
    link.crossOrigin = '';
    head.appendChild(link);
  };
  screen?.scripts.forEach((href) => add('modulepreload', href));
  screen?.styles.forEach((href) => add('preload', href, 'style'));
})(document.head);`;
}

export function preloadFirstScreen(screens: FirstScreen[]): Plugin {
  return tagsFromBundle('guap:preload-first-screen', (bundle, entry, { root, base }) => {
    const loaded = bootFiles(bundle, entry, root);
    const preloads = screens.map(({ path, module }) => ({
      path: path.source,
      ...filesBeyond(bundle, [chunkOf(bundle, resolve(root, module), 'preloadFirstScreen')], loaded, base),
    }));
    return [{ tag: 'script', children: preloadScript(preloads), injectTo: 'head' }];
  });
}
