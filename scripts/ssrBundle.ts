// A Vite build plugin: after the app's build, the server's entry (src/ssr/renderFirstPage.tsx) is built beside it,
// into `<outDir>-ssr/`, with the same config, so its markup carries the very class names of the app's styles. The
// local stack loads it to write a first page into the HTML it serves (supabase/local/firstPage.ts).
import { resolve } from 'node:path';
import { build, type Plugin, type ResolvedConfig } from 'vite';
import { ssrOutDir } from './ssrOutDir.ts';

export function ssrBundle(entry: string): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'guap:ssr-bundle',
    apply: (userConfig, env) => env.command === 'build' && !userConfig.build?.ssr,
    configResolved(resolved) {
      config = resolved;
    },
    async closeBundle() {
      await build({
        configFile: config.configFile,
        root: config.root,
        mode: config.mode,
        logLevel: 'error',
        build: {
          ssr: entry,
          outDir: ssrOutDir(resolve(config.root, config.build.outDir)),
          emptyOutDir: true,
          manifest: false,
          copyPublicDir: false,
        },
      });
    },
  };
}
