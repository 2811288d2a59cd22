// The app built once per bench process, into dist-bench: every browser bench serves this build from its local stack.
import { join } from 'node:path';
import { build } from 'vite';

let built: Promise<string> | undefined;

/** The folder of the production build, built on the first call. */
export function builtApp(): Promise<string> {
  const outDir = join(process.cwd(), 'dist-bench');
  built ??= build({ logLevel: 'error', build: { outDir, emptyOutDir: true } }).then(() => outDir);
  return built;
}
