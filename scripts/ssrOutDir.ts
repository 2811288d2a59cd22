// Where the server's entry (src/ssr) is built for an app built into `outDir`: beside it, never inside what is served.
import { resolve } from 'node:path';

export function ssrOutDir(outDir: string): string {
  return `${resolve(outDir)}-ssr`;
}
