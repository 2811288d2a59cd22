// A Vite build plugin: the stages the app's start loads one after another (src/main.tsx) are, for index.html, part of
// the entry. Their chunks are fetched beside it (modulepreload, evaluated only when the start imports them, each in a
// task of its own), and their stylesheets are inline, before any screen's, as the entry's were: the server's page
// paints styled with nothing but the HTML. An inline script then adds a disabled <link> to each stylesheet's file
// (disabledLinks.ts): Vite's loader, importing the stage, sees the sheet there and does not add it again, which would
// fetch it before the stage could run and put it after the screens' styles.
import { resolve } from 'node:path';
import type { HtmlTagDescriptor, Plugin, Rollup } from 'vite';
import { chunkOf, closure, filesBeyond, tagsFromBundle } from './bundleFiles.ts';
import { disabledLinks } from './disabledLinks.ts';

/** The start's stages, from the project root, in the order src/main.tsx imports them. */
export const BOOT_STAGES = [
  'src/app/boot/startData.ts',
  'src/app/boot/reactDom.ts',
  'src/app/router.tsx',
  'src/app/boot/renderApp.tsx',
];

/** The stages' chunks, in their order; a renamed stage fails the build. */
function stageChunks(bundle: Rollup.OutputBundle, root: string): Rollup.OutputChunk[] {
  return BOOT_STAGES.map((module) => chunkOf(bundle, resolve(root, module), 'bootStages'));
}

/** The files the page loads before its first render: the entry's chunks and the stages', by file name. */
export function bootFiles(bundle: Rollup.OutputBundle, entry: Rollup.OutputChunk, root: string): Set<string> {
  return new Set([entry, ...stageChunks(bundle, root)].flatMap((chunk) => [...closure(bundle, chunk)]));
}

export function bootStages(): Plugin {
  return tagsFromBundle('guap:boot-stages', (bundle, entry, { root, base }) => {
    const { scripts, styles } = filesBeyond(bundle, stageChunks(bundle, root), closure(bundle, entry), base);
    const preloads = scripts.map((href): HtmlTagDescriptor => ({
      tag: 'link',
      attrs: { rel: 'modulepreload', crossorigin: true, href },
      injectTo: 'head',
    }));
    const sheets = styles.map((href): HtmlTagDescriptor => {
      const asset = bundle[href.slice(base.length)];
      if (asset?.type !== 'asset') throw new Error(`bootStages: the stylesheet ${href} is not in the bundle`);
      // The stylesheet is the build's own: it holds no '</style'.
      return { tag: 'style', children: String(asset.source), injectTo: 'head' };
    });
    const links: HtmlTagDescriptor = { tag: 'script', children: disabledLinks(styles), injectTo: 'head' };
    return [...preloads, ...sheets, links];
  });
}
