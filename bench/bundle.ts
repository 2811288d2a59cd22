// The JavaScript the first screen (/) needs before it can paint, gzip, from the built assets and Vite's manifest:
// the entry chunk, the start's stages' (scripts/bootChunks.ts), the home route's chunk, and every chunk they import
// statically.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { bootChunkKeys } from '../scripts/bootChunks.ts';
import { builtApp } from './builtApp.ts';
import { printTable } from './stats.ts';

interface ManifestChunk {
  file: string;
  name?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}

const GOAL_KB = 150;
const HOME = 'src/features/home/HomePage.tsx';
const LATER = ['ethers', 'react-markdown', 'Markdown', 'Editor', 'wallet'];

export async function benchBundle() {
  const outDir = await builtApp();
  const manifest = JSON.parse(await readFile(join(outDir, '.vite', 'manifest.json'), 'utf8')) as Record<
    string,
    ManifestChunk
  >;
  const entry = Object.entries(manifest).find(([, c]) => c.isEntry)?.[0];
  if (!entry || !manifest[HOME]) throw new Error('the manifest has no entry or no home page chunk');
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const dep of manifest[key]?.imports ?? []) visit(dep);
  };
  visit(entry);
  bootChunkKeys(manifest).forEach(visit);
  visit(HOME);
  const rows: (string | number)[][] = [];
  let total = 0;
  for (const key of seen) {
    const file = manifest[key]!.file;
    const gz = gzipSync(await readFile(join(outDir, file))).length / 1024;
    total += gz;
    rows.push([key, file, gz]);
  }
  rows.sort((a, b) => Number(b[2]) - Number(a[2]));
  const loadedLater = [...seen].filter((key) => LATER.some((name) => key.includes(name)));
  rows.push(['total', `goal under ${GOAL_KB} KB: ${total < GOAL_KB ? 'met' : 'NOT met'}`, total]);
  printTable(
    `First screen (/) JavaScript, gzip KB. Wallet, editor and markdown chunks among them: ${loadedLater.length ? loadedLater.join(', ') : 'none'}`,
    ['module', 'chunk', 'gzip KB'],
    rows,
  );
}
