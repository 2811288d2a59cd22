// The app built once per bench process, into dist-bench: every browser bench serves this build from its local stack.
import { join } from 'node:path';
import { build } from 'vite';

let built: Promise<string> | undefined;

/**
 * The folder of the production build, built on the first call. BENCH_UNMINIFIED=1 keeps the code's own names, for
 * reading a profile (`profileDir` of the browser sync bench); its timings are then not the app's.
 */
export function builtApp(): Promise<string> {
  const outDir = join(process.cwd(), 'dist-bench');
  built ??= build({
    logLevel: 'error',
    build: { outDir, emptyOutDir: true, minify: process.env.BENCH_UNMINIFIED !== '1' },
  }).then(() => outDir);
  return built;
}
