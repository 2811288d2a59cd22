// What a module of the app costs a page in built files: its chunk, the chunks that chunk imports statically, and
// their stylesheets, less what the entry has loaded already. For the build plugins that have the browser fetch
// screens' code ahead of need (preloadFirstScreen, screensAhead), and the plugin shape they share.
import type { HtmlTagDescriptor, Plugin, Rollup } from 'vite';
import type { ScreenFiles } from '../src/data/screensAhead.ts';

type OutputBundle = Rollup.OutputBundle;
type OutputChunk = Rollup.OutputChunk;

export function chunks(bundle: OutputBundle): OutputChunk[] {
  return Object.values(bundle).filter((file): file is OutputChunk => file.type === 'chunk');
}

/** The chunk and every chunk it imports statically, by file name. */
export function closure(bundle: OutputBundle, start: OutputChunk): Set<string> {
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

/** The chunk holding a module (an absolute id); a renamed module fails the build rather than lose its preload. */
export function chunkOf(bundle: OutputBundle, id: string, plugin: string): OutputChunk {
  const own = chunks(bundle).find((c) => c.moduleIds.includes(id));
  if (!own) throw new Error(`${plugin}: no chunk holds ${id}`);
  return own;
}

/** The files a page needs for these chunks beyond those in `loaded`, as addresses under `base`. */
export function filesBeyond(
  bundle: OutputBundle,
  starts: OutputChunk[],
  loaded: Set<string>,
  base: string,
): ScreenFiles {
  const files = new Set(starts.flatMap((start) => [...closure(bundle, start)].filter((name) => !loaded.has(name))));
  const styles = new Set(
    [...files].flatMap((fileName) => {
      const chunk = bundle[fileName];
      return chunk?.type === 'chunk' ? [...(chunk.viteMetadata?.importedCss ?? [])] : [];
    }),
  );
  return { scripts: [...files].map((name) => base + name), styles: [...styles].map((name) => base + name) };
}

/** Where the build puts the app: the project root (modules' ids are under it) and the base its addresses start with. */
export interface BuildPlace {
  root: string;
  base: string;
}

/**
 * A build plugin that adds tags to index.html from the finished bundle: after Vite's own pass, which is when the
 * bundle is known, with the entry chunk the page loads.
 */
export function tagsFromBundle(
  name: string,
  tags: (bundle: OutputBundle, entry: OutputChunk, place: BuildPlace) => HtmlTagDescriptor[],
): Plugin {
  const place: BuildPlace = { root: process.cwd(), base: '/' };
  return {
    name,
    apply: 'build',
    configResolved(config) {
      place.root = config.root;
      place.base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle, chunk: entry }) {
        return bundle && entry ? tags(bundle, entry, place) : undefined;
      },
    },
  };
}
