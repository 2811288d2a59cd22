// Where the server's entry (src/ssr) is built for an app built into `outDir`: beside it, never inside what is served.
import { resolve } from 'node:path';

export function ssrOutDir(outDir: string): string {
  return `${resolve(outDir)}-ssr`;
}

/** The server's entry in that folder: an ES module whatever package.json is near (a build may go to /tmp). */
export const SSR_ENTRY_FILE = 'renderFirstPage.mjs';
