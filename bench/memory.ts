// Memory of a long read: the JS heap of the page after a visitor opens the 2,000-post thread and scrolls to its end,
// beside the heap of the home page in the same run. Each figure after a full garbage collection (CDP), so it counts
// what the page keeps, not what it has yet to collect.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type CDPSession } from '@playwright/test';
import { CHROMIUM_ARGS } from '../playwright.config.ts';
import { openMigratedPglite } from '../tests/support/migratedDatabase.ts';
import { randomJwtSecret } from '../supabase/local/secret.ts';
import { startStack } from '../supabase/local/server.ts';
import { allPostsInMirror, makeLongThread, NAME_SHIM, scrollToEnd } from './longThread.ts';
import { builtApp } from './builtApp.ts';
import { printTable } from './stats.ts';

const GOAL_MB = 100;
const MB = 1024 * 1024;

export interface MemoryOptions {
  /** Posts in the long thread: 2,000 for the goal; a handful for the smoke test. */
  posts?: number;
}

async function heapAfterGc(cdp: CDPSession): Promise<{ used: number; total: number }> {
  await cdp.send('HeapProfiler.collectGarbage');
  const { usedSize, totalSize } = await cdp.send('Runtime.getHeapUsage');
  return { used: usedSize / MB, total: totalSize / MB };
}

export async function benchMemory({ posts = 2_000 }: MemoryOptions = {}) {
  const slug = `bench-memory-${posts}-posts`;
  const outDir = await builtApp();
  const storageDir = await mkdtemp(join(tmpdir(), 'guap-bench-memory-storage-'));
  const db = await openMigratedPglite('seeded');
  const { lastPostId } = await makeLongThread(db, slug, posts);
  const stack = await startStack({ db, jwtSecret: randomJwtSecret(), storageDir, staticDir: outDir });
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.addInitScript({ content: NAME_SHIM });
    const cdp = await page.context().newCDPSession(page);
    await page.goto(`${stack.url}/`);
    await page.getByTestId('thread-row').first().waitFor();
    await page.waitForLoadState('networkidle');
    const home = await heapAfterGc(cdp);
    await page.goto(`${stack.url}/t/${slug}`);
    await allPostsInMirror(page, posts);
    const top = await heapAfterGc(cdp);
    const scroll = await scrollToEnd(page, lastPostId);
    const end = await heapAfterGc(cdp);
    const status = end.used < GOAL_MB ? 'met' : 'NOT met';
    printTable(
      `Memory: JS heap after a full GC, a visitor reading the ${posts.toLocaleString()}-post thread to its end (${scroll.frames} frames; MB)`,
      ['page', 'heap used', 'heap total', 'used / home', 'goal'],
      [
        ['home page, first sync done (baseline)', home.used, home.total, '1.00x', ''],
        ['thread open, every post in the list', top.used, top.total, `${(top.used / home.used).toFixed(2)}x`, ''],
        [
          'thread scrolled to its last post',
          end.used,
          end.total,
          `${(end.used / home.used).toFixed(2)}x`,
          `< ${GOAL_MB} MB: ${status}`,
        ],
      ],
    );
    console.log(`Memory goal ${status}.`);
  } finally {
    await browser.close();
    await stack.close();
    await db.close();
    await rm(storageDir, { recursive: true, force: true });
  }
}
