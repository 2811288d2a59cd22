// A Vite build plugin: index.html lists the files of the screens the app has the browser fetch once it is idle
// (src/app/warmScreens.ts): each screen a route opens lazily, with the chunks and stylesheets it imports, less what the
// entry loads. Screens only staff or developers open are left to load when opened.
import { relative } from 'node:path';
import type { Plugin } from 'vite';
import { SCREENS_AHEAD_ID } from '../src/data/screensAhead.ts';
import { bootFiles } from './bootStages.ts';
import { chunks, filesBeyond, tagsFromBundle } from './bundleFiles.ts';

export interface ScreensAhead {
  /** The screens' modules, by their path from the project root. */
  include: RegExp;
  /** Of those, the ones left out. */
  exclude: RegExp;
}

export function screensAhead({ include, exclude }: ScreensAhead): Plugin {
  return tagsFromBundle('guap:screens-ahead', (bundle, entry, { root, base }) => {
    const screens = chunks(bundle).filter((chunk) => {
      const module = chunk.isDynamicEntry && chunk.facadeModuleId && relative(root, chunk.facadeModuleId);
      return module && include.test(module) && !exclude.test(module);
    });
    // A renamed folder must fail the build, not quietly leave every screen to load when opened.
    if (screens.length === 0) throw new Error(`screensAhead: no screen's module matches ${include}`);
    const files = filesBeyond(bundle, screens, bootFiles(bundle, entry, root), base);
    return [
      {
        tag: 'script',
        attrs: { type: 'application/json', id: SCREENS_AHEAD_ID },
        children: JSON.stringify(files),
        injectTo: 'body',
      },
    ];
  });
}
