import react from '@vitejs/plugin-react';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Rolldown } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { manifest } from './pwa.manifest.ts';
import { FIRST_SCREENS, routePattern } from './src/data/firstScreens.ts';
import { bootChunks } from './scripts/bootChunks.ts';
import { bootStages } from './scripts/bootStages.ts';
import { preloadFirstScreen } from './scripts/preloadFirstScreen.ts';
import { screensAhead } from './scripts/screensAhead.ts';
import { ssrBundle } from './scripts/ssrBundle.ts';

const packageVersion = (
  JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string }
).version;

// The local stack's API paths, proxied in `npm run dev` so the app stays same-origin as under `npm start`.
const LOCAL_STACK = process.env.LOCAL_STACK_URL ?? 'http://127.0.0.1:54321';
const proxied = ['/rest/v1', '/auth/v1', '/storage/v1', '/local'];

/** Rendered characters from which a chunk carries V8's compile hint (below). */
const COMPILE_HINT_FROM = 20_000;

function renderedLength(chunk: Rolldown.RenderedChunk): number {
  return Object.values(chunk.modules).reduce((sum, module) => sum + module.renderedLength, 0);
}

export default defineConfig({
  define: { __APP_VERSION__: JSON.stringify(packageVersion) },
  plugins: [
    react(),
    // The start's stages, loaded beside the entry, their styles inline.
    bootStages(),
    // The start's code in one chunk per stage.
    bootChunks(),
    // The screens a shared link or the installed app opens first.
    preloadFirstScreen(
      Object.values(FIRST_SCREENS).flatMap(({ routes, module }) =>
        routes.map((route) => ({ path: routePattern(route), module })),
      ),
    ),
    // The other screens, which the app has the browser fetch once it is idle.
    screensAhead({ include: /^src\/features\/.+Page\.tsx$/, exclude: /^src\/features\/(debug|bulk)\// }),
    // The first page's markup for the HTML the local stack serves.
    ssrBundle('src/ssr/renderFirstPage.tsx'),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      // The app registers the worker itself (workbox-window) and asks before switching to a new version.
      injectRegister: false,
      registerType: 'prompt',
      manifest,
      // The manifest's icons are precached by the patterns below, but for the 512-pixel ones (see there).
      includeManifestIcons: false,
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,png,webp,woff2}'],
        // The install prompt's screenshots (285 KB) and the 512-pixel icons (146 KB) are fetched by the browser when
        // it offers to install or installs, online; the app never shows them, so a first visit does not download them
        // for offline use. The tab's icon, the home screen's and the notifications' (192 pixels) stay.
        globIgnores: ['screenshots/**', 'icons/*-512.png'],
        maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
      },
      devOptions: { enabled: false },
    }),
  ],
  resolve: {
    // The package itself only: src/sync/live.ts imports the real client by its file, after the first paint.
    alias: [
      {
        find: /^@supabase\/realtime-js$/,
        replacement: fileURLToPath(new URL('./src/backend/realtimeStub.ts', import.meta.url)),
      },
      // The router's store asks for the shim, which carries a fallback for React before 18; React 19 has the hook.
      {
        find: /^use-sync-external-store\/shim\/with-selector(\.js)?$/,
        replacement: 'use-sync-external-store/with-selector.js',
      },
    ],
  },
  server: {
    host: '127.0.0.1',
    proxy: Object.fromEntries(proxied.map((path) => [path, { target: LOCAL_STACK, changeOrigin: false }])),
  },
  // The sync worker (src/sync/pullWorker.ts) is a module worker: its code may be split like the page's.
  worker: { format: 'es' },
  build: {
    // .vite/manifest.json maps each source module to its chunk: the bundle bench reads the first screen's share.
    manifest: true,
    sourcemap: false,
    target: 'es2022',
    // V8's compile hint (Chrome 136+): a chunk's functions are compiled as the file streams in, off the page's
    // thread, rather than each on its first call on it. A chunk loads when its code is about to run, and the first
    // markdown a thread renders spent 30-100 ms compiling the parser's functions one call at a time. Small chunks
    // compile in little time, and the hint's 29 bytes would count against the first screen's budget.
    rolldownOptions: {
      output: {
        postBanner: (chunk) => (renderedLength(chunk) > COMPILE_HINT_FROM ? '//# allFunctionsCalledOnLoad' : ''),
      },
    },
    // Every browser the es2022 target runs in but Safari before 17 knows modulepreload; there the links are
    // ignored and the modules load on import, so the polyfill's bytes on the first screen buy nothing.
    // A lazy chunk's JavaScript imports are not preloaded beside it: their table cost the first screen 2.5 KB gzip,
    // and buys one round trip for a screen opened before warmScreens or the service worker has fetched it. Its CSS
    // is still loaded with it, and the page's own modulepreload links stay.
    modulePreload: {
      polyfill: false,
      resolveDependencies: (_file, deps, { hostType }) => (hostType === 'html' ? deps : []),
    },
  },
});
