// Time from a reload to the first thread row painted, in headless Chromium: offline, served by the service worker
// from its cache with the rows from the mirror, beside a cold online start with no service worker (every asset and
// the first sync from the network). Both in the same run.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from '@playwright/test';
import { build } from 'vite';
import { CHROMIUM_ARGS } from '../playwright.config.ts';
import { openPglite } from '../supabase/local/pgliteThread.ts';
import { migrate } from '../supabase/local/migrate.ts';
import { randomJwtSecret } from '../supabase/local/secret.ts';
import { startStack } from '../supabase/local/server.ts';
import { printTable } from './stats.ts';

const RUNS = Number(process.env.START_RUNS ?? 15);
const GOAL_MS = 500;

/** Records, from navigation start, when the first thread row is in the page and a frame has shown it. */
const FIRST_ROW_PROBE = () => {
  const w = window as unknown as { __firstRow?: number };
  const observer = new MutationObserver(() => {
    if (w.__firstRow !== undefined || !document.querySelector('[data-testid="thread-row"]')) return;
    observer.disconnect();
    requestAnimationFrame(() => setTimeout(() => (w.__firstRow = performance.now()), 0));
  });
  observer.observe(document, { childList: true, subtree: true });
};

async function firstRowAfter(page: Page, load: () => Promise<unknown>): Promise<number> {
  await load();
  const handle = await page.waitForFunction(() => (window as unknown as { __firstRow?: number }).__firstRow, null, {
    timeout: 30_000,
  });
  return Number(await handle.jsonValue());
}

function percentile(values: number[], p: number) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

async function offlineStarts(browser: Browser, url: string): Promise<number[]> {
  const context = await browser.newContext();
  await context.addInitScript(FIRST_ROW_PROBE);
  const page = await context.newPage();
  await page.goto(url);
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  await page.getByTestId('thread-row').first().waitFor();
  // Let the first sync finish so the mirror holds what a returning member has.
  await page.waitForTimeout(1_500);
  await context.setOffline(true);
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) times.push(await firstRowAfter(page, () => page.reload()));
  await context.close();
  return times;
}

async function coldOnlineStarts(browser: Browser, url: string): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const context = await browser.newContext({ serviceWorkers: 'block' });
    await context.addInitScript(FIRST_ROW_PROBE);
    const page = await context.newPage();
    times.push(await firstRowAfter(page, () => page.goto(url)));
    await context.close();
  }
  return times;
}

export async function benchOfflineStart() {
  const outDir = await mkdtemp(join(tmpdir(), 'guap-bench-start-'));
  const storageDir = await mkdtemp(join(tmpdir(), 'guap-bench-start-storage-'));
  await build({ logLevel: 'error', build: { outDir, emptyOutDir: true } });
  const db = await openPglite();
  await migrate(db);
  const stack = await startStack({ db, jwtSecret: randomJwtSecret(), storageDir, staticDir: outDir });
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  try {
    const offline = await offlineStarts(browser, `${stack.url}/`);
    const cold = await coldOnlineStarts(browser, `${stack.url}/`);
    const row = (name: string, t: number[]) => [name, percentile(t, 50), percentile(t, 90)];
    printTable(
      `Reload to first thread row painted, headless Chromium, ${RUNS} starts each (ms). Goal: offline p50 under ${GOAL_MS} ms`,
      ['start', 'p50', 'p90'],
      [
        row('offline, service worker + mirror', offline),
        row('online, no service worker, cold (network)', cold),
        ['ratio cold / offline (p50)', `${(percentile(cold, 50) / percentile(offline, 50)).toFixed(2)}x`, ''],
      ],
    );
  } finally {
    await browser.close();
    await stack.close();
    await db.close();
    await rm(outDir, { recursive: true, force: true });
    await rm(storageDir, { recursive: true, force: true });
  }
}
