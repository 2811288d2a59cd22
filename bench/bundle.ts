// The JavaScript the first screen (/) needs before it can paint, gzip, from the built assets and Vite's manifest:
// the entry chunk, the start's stages' (scripts/bootChunks.ts), the home route's chunk, and every chunk they import
// statically. Then the same sum for each screen the server paints, as a visitor opens it: a visitor's thread goes
// without the reply form's editor, which only a member loads, and without the markdown renderer, as the server's posts
// keep their markup.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { bootChunkKeys } from '../scripts/bootChunks.ts';
import { FIRST_SCREENS } from '../src/data/firstScreenTable.ts';
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
/**
 * Loaded apart from the thread's screen: the reply form and the editor's chunk (a member's), and the markdown renderer
 * (the painted posts keep the server's markup).
 */
const laterOnThread = (key: string, chunk: ManifestChunk) =>
  key === 'src/features/thread/ReplyForm.tsx' || key === 'src/content/MarkdownRenderer.tsx' || chunk.name === 'editor';

type Manifest = Record<string, ManifestChunk>;

/** The chunks a screen's first paint needs: the entry's, the start's stages', the screen's, and their imports. */
function firstScreenOf(manifest: Manifest, entry: string, screen: string): Set<string> {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const dep of manifest[key]?.imports ?? []) visit(dep);
  };
  visit(entry);
  bootChunkKeys(manifest).forEach(visit);
  visit(screen);
  return seen;
}

async function gzipKb(outDir: string, manifest: Manifest, key: string): Promise<number> {
  return gzipSync(await readFile(join(outDir, manifest[key]!.file))).length / 1024;
}

/** Each painted screen's first JavaScript, and whether the chunks loaded later are among it (the goal: never). */
async function printScreens(outDir: string, manifest: Manifest, entry: string) {
  const rows: (string | number)[][] = [];
  for (const [page, { module }] of Object.entries(FIRST_SCREENS)) {
    const chunks = firstScreenOf(manifest, entry, module);
    let total = 0;
    for (const key of chunks) total += await gzipKb(outDir, manifest, key);
    const found = [...chunks].filter((key) => laterOnThread(key, manifest[key]!));
    rows.push([page, chunks.size, total, found.length ? `NOT met: ${found.join(', ')}` : 'met']);
  }
  printTable(
    "Each painted screen's first JavaScript for a visitor, gzip KB; goal: no reply form, editor or markdown renderer among it",
    ['screen', 'files', 'gzip KB', 'result'],
    rows,
  );
}

export async function benchBundle() {
  const outDir = await builtApp();
  const manifest = JSON.parse(await readFile(join(outDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
  const entry = Object.entries(manifest).find(([, c]) => c.isEntry)?.[0];
  if (!entry || !manifest[HOME]) throw new Error('the manifest has no entry or no home page chunk');
  const seen = firstScreenOf(manifest, entry, HOME);
  const rows: (string | number)[][] = [];
  let total = 0;
  for (const key of seen) {
    const gz = await gzipKb(outDir, manifest, key);
    total += gz;
    rows.push([key, manifest[key]!.file, gz]);
  }
  rows.sort((a, b) => Number(b[2]) - Number(a[2]));
  const loadedLater = [...seen].filter((key) => LATER.some((name) => key.includes(name)));
  rows.push(['total', `goal under ${GOAL_KB} KB: ${total < GOAL_KB ? 'met' : 'NOT met'}`, total]);
  printTable(
    `First screen (/) JavaScript, gzip KB. Wallet, editor and markdown chunks among them: ${loadedLater.length ? loadedLater.join(', ') : 'none'}`,
    ['module', 'chunk', 'gzip KB'],
    rows,
  );
  await printScreens(outDir, manifest, entry);
}
