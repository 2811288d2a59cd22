// A Vite build plugin: index.html starts loading the code of the screen its address opens (home, a category, a
// thread) beside the entry, instead of after the entry has run and the router has asked for it.
import { resolve } from 'node:path';
import type { Plugin, Rollup } from 'vite';

type OutputBundle = Rollup.OutputBundle;
type OutputChunk = Rollup.OutputChunk;

export interface FirstScreen {
  /** The addresses that open this screen, as the router matches them. */
  path: RegExp;
  /** The screen's module, from the project root, as its route imports it. */
  module: string;
}

function chunks(bundle: OutputBundle): OutputChunk[] {
  return Object.values(bundle).filter((file): file is OutputChunk => file.type === 'chunk');
}

/** The chunk and every chunk it imports statically, by file name. */
function closure(bundle: OutputBundle, start: OutputChunk): Set<string> {
  const seen = new Set<string>();
  const visit = (fileName: string) => {
    const chunk = bundle[fileName];
    if (seen.has(fileName) || chunk?.type !== 'chunk') return;
    seen.add(fileName);
    chunk.imports.forEach(visit);
  };
  visit(start.fileName);
  return seen;
}

/**
 * Runs in the page before anything else: one pass over a few patterns, then link tags the parser has not met, handed
 * to `head`: the document's own, or the queue of a first page's loader (supabase/local/web/scriptsAfterPaint.ts).
 */
function preloadScript(screens: { path: string; scripts: string[]; styles: string[] }[]): string {
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
  let root = process.cwd();
  let base = '/';
  return {
    name: 'guap:preload-first-screen',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      base = config.base;
    },
    transformIndexHtml: {
      // After Vite's own pass, which is when the bundle is known.
      order: 'post',
      handler(_html, ctx) {
        const { bundle, chunk: entry } = ctx;
        if (!bundle || !entry) return;
        const loaded = closure(bundle, entry);
        const preloads = screens.map(({ path, module }) => {
          const id = resolve(root, module);
          const own = chunks(bundle).find((c) => c.moduleIds.includes(id));
          // A renamed screen must fail the build, not quietly lose its preload.
          if (!own) throw new Error(`preloadFirstScreen: no chunk holds ${module}`);
          const files = [...closure(bundle, own)].filter((fileName) => !loaded.has(fileName));
          const styles = files.flatMap((fileName) => {
            const chunk = bundle[fileName];
            return chunk?.type === 'chunk' ? [...(chunk.viteMetadata?.importedCss ?? [])] : [];
          });
          return {
            path: path.source,
            scripts: files.map((fileName) => base + fileName),
            styles: [...new Set(styles)].map((fileName) => base + fileName),
          };
        });
        return [{ tag: 'script', children: preloadScript(preloads), injectTo: 'head' }];
      },
    },
  };
}
