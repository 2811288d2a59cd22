// A first page is kept and rendered by its canonical address: a thousand spellings of one thread's id (case,
// percent-encoding, a trailing slash, /t/ or /thread/) cost one read of its rows and one render, not a thousand.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SSR_ENTRY_FILE, ssrOutDir } from '../../scripts/ssrOutDir.ts';
import { canonicalPath, firstPages } from '../../supabase/local/web/firstPage.ts';
import { firstPageRoute } from '../../src/data/firstScreens.ts';
import { createMember, makeThread } from './members.ts';
import { startTestStack, type TestStack } from './stack.ts';

const INDEX = '<!doctype html><html><head><title>t</title></head><body><div id="root"></div></body></html>';
const TITLE = 'One thread, many spellings';
const RENDERER = fileURLToPath(new URL('../../src/ssr/renderFirstPage.tsx', import.meta.url));

let stack: TestStack;
let staticDir: string;
let threadId: string;

beforeAll(async () => {
  stack = await startTestStack();
  const author = await createMember(stack);
  threadId = await makeThread(stack, author.id, { title: TITLE });
  // A built app's layout: an empty manifest (no stylesheets), and the server's entry beside it, here the source.
  staticDir = await mkdtemp(join(tmpdir(), 'guap-canonical-'));
  await mkdir(join(staticDir, '.vite'));
  await writeFile(join(staticDir, '.vite', 'manifest.json'), '{}');
  await mkdir(ssrOutDir(staticDir));
  await writeFile(join(ssrOutDir(staticDir), SSR_ENTRY_FILE), `export * from ${JSON.stringify(RENDERER)};\n`);
});
afterAll(async () => {
  await stack?.close();
  await rm(staticDir, { recursive: true, force: true });
  await rm(ssrOutDir(staticDir), { recursive: true, force: true });
});

/** The `k`th spelling of the thread's address: the characters k's bits pick percent-encoded, odd k in upper case. */
function spelling(k: number): string {
  const id = k % 2 === 1 ? threadId.toUpperCase() : threadId;
  const chars = [...id].map((c, i) => ((k >> (i + 1)) & 1 ? `%${c.charCodeAt(0).toString(16)}` : c));
  return `/${k % 3 === 0 ? 't' : 'thread'}/${chars.join('')}${k % 5 === 0 ? '/' : ''}`;
}

describe('the first page of a thread', () => {
  it('is one canonical address for every spelling of its id', () => {
    const canonical = `/thread/${threadId}`;
    for (const k of [0, 1, 2, 3, 10, 777]) expect(canonicalPath(firstPageRoute(spelling(k))!)).toBe(canonical);
    expect(canonicalPath(firstPageRoute('/t/caf%C3%A9-talk/')!)).toBe('/t/caf%C3%A9-talk');
    expect(canonicalPath(firstPageRoute('/category/guapcoin/')!)).toBe('/category/guapcoin');
  });

  it('is read and rendered once for 1,000 spellings asked at once, and each gets the same page', async () => {
    let reads = 0;
    const turn = () => {
      reads += 1;
      return Promise.resolve(() => undefined);
    };
    const pages = firstPages(stack.db, staticDir, turn);
    const spellings = new Set(Array.from({ length: 1000 }, (_, k) => spelling(k)));
    expect(spellings.size).toBe(1000);
    const answers = await Promise.all([...spellings].map((path) => pages.html(path, INDEX, '10.8.0.1')));
    expect(reads).toBe(1);
    expect(new Set(answers).size).toBe(1);
    expect(answers[0]?.status).toBe(200);
    expect(answers[0]?.html).toContain(TITLE);
  });
});
