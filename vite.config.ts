import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { manifest } from './pwa.manifest.ts';

// The local stack's API paths, proxied in `npm run dev` so the app stays same-origin as under `npm start`.
const LOCAL_STACK = process.env.LOCAL_STACK_URL ?? 'http://127.0.0.1:54321';
const proxied = ['/rest/v1', '/auth/v1', '/storage/v1', '/local'];

export default defineConfig({
  plugins: [
    react(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      // The app registers the worker itself (workbox-window) and asks before switching to a new version.
      injectRegister: false,
      registerType: 'prompt',
      manifest,
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,png,webp,woff2}'],
        maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
      },
      devOptions: { enabled: false },
    }),
  ],
  server: {
    host: '127.0.0.1',
    proxy: Object.fromEntries(proxied.map((path) => [path, { target: LOCAL_STACK, changeOrigin: false }])),
  },
  build: {
    sourcemap: false,
    target: 'es2022',
  },
});
