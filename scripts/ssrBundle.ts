// A Vite build plugin: the server's entry (src/ssr/renderFirstPage.tsx) is built beside the app, into `<outDir>-ssr/`,
// with the same config, so its markup carries the very class names of the app's styles. The local stack loads it to
// write a first page into the HTML it serves (supabase/local/web/firstPage.ts). And index.html itself is built with the
// shell in its root and the entry's stylesheet inline (the start's stages' are inlined by scripts/bootStages.ts), so
// that any static host's first paint needs nothing but the HTML: done while Vite writes index.html, so the service
// worker's precache lists the page as served.
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type IndexHtmlTransformContext, type Plugin, type ResolvedConfig } from 'vite';
import { withRootMarkup } from '../src/ssr/rootMarkup.ts';
import { SSR_ENTRY_FILE, ssrOutDir } from './ssrOutDir.ts';

/** The entry's stylesheets, as <style> elements in the place of their <link> elements. */
function inlineEntryStyles(html: string, ctx: IndexHtmlTransformContext, base: string): string {
  const { bundle, chunk } = ctx;
  let out = html;
  for (const fileName of chunk?.viteMetadata?.importedCss ?? []) {
    const asset = bundle?.[fileName];
    if (asset?.type !== 'asset') throw new Error(`ssrBundle: the entry's stylesheet ${fileName} is not in the bundle`);
    const link = new RegExp(`<link rel="stylesheet"[^>]*href="${base}${fileName}"[^>]*>`);
    if (!link.test(out)) throw new Error(`ssrBundle: index.html does not link ${fileName}`);
    // The stylesheet is the build's own: it holds no '</style'.
    out = out.replace(link, () => `<style>${String(asset.source)}</style>`);
  }
  return out;
}

/**
 * Run as the parser meets it, before the first paint: the screens outside the main layout (src/app/router.tsx: sign
 * in, the password reset and the debug page) start from an empty page, not from the shell.
 */
const OUTSIDE_SHELL_SCRIPT =
  "<script>/^\\/(auth|reset-password|simple-debug)\\/?$/.test(location.pathname)&&(document.getElementById('root').textContent='')</script>";

export function ssrBundle(entry: string): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'guap:ssr-bundle',
    apply: (userConfig, env) => env.command === 'build' && !userConfig.build?.ssr,
    configResolved(resolved) {
      config = resolved;
    },
    transformIndexHtml: {
      order: 'post',
      async handler(html, ctx) {
        if (!ctx.bundle) return html;
        const outDir = ssrOutDir(resolve(config.root, config.build.outDir));
        await build({
          configFile: config.configFile,
          root: config.root,
          mode: config.mode,
          logLevel: 'error',
          // Whole, as an ES module file: it is loaded from wherever the app was built, with no node_modules beside it.
          ssr: { noExternal: true },
          build: {
            ssr: entry,
            outDir,
            emptyOutDir: true,
            manifest: false,
            copyPublicDir: false,
            // One file, the screens' lazy modules in it: a chunk beside it would be a .js file, which Node reads as
            // CommonJS outside this package.
            rollupOptions: { output: { entryFileNames: SSR_ENTRY_FILE, codeSplitting: false } },
          },
        });
        const built = pathToFileURL(resolve(outDir, SSR_ENTRY_FILE));
        // A new URL per build: a second build in one process (the benches) must not get the first one's module.
        built.search = `?build=${Date.now()}`;
        const renderer = (await import(built.href)) as {
          renderShell(): string;
        };
        const shelled = withRootMarkup(html, renderer.renderShell(), OUTSIDE_SHELL_SCRIPT);
        if (shelled === undefined) throw new Error('ssrBundle: index.html has no <div id="root"></div>');
        return inlineEntryStyles(shelled, ctx, config.base);
      },
    },
  };
}
