// Storage on the device: the IndexedDB space a mirror of 10,000 threads and 100,000 posts takes in Chromium (on disk,
// a persistent profile), beside the JSON size of the same rows; then what Settings' storage card tells the member.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { build } from 'vite';
import { CHROMIUM_ARGS } from '../playwright.config.ts';
import { openMigratedPglite } from '../tests/support/migratedDatabase.ts';
import { randomJwtSecret } from '../supabase/local/secret.ts';
import { startStack } from '../supabase/local/server.ts';
import type { FillApi, FillPlan } from './pages/fillMirror.ts';
import { builtApp } from './builtApp.ts';
import { printTable } from './stats.ts';

const MEMBER = { email: 'member@guapcoin.local', password: 'guapmember123' };
const THREADS_PER_CALL = 2_000;
const POSTS_PER_CALL = 5_000;
const MB = 1e6;

export interface StorageOptions {
  threads?: number;
  posts?: number;
  /** Where to save the storage card's screenshots (1280x800 and 390x844); none when unset. */
  screenshotDir?: string;
}

/** The fill page's script: the app's mirror module and a row generator, bundled for the page. */
async function fillBundle(): Promise<string> {
  const result = await build({
    configFile: false,
    logLevel: 'error',
    build: {
      write: false,
      minify: false,
      lib: { entry: join(process.cwd(), 'bench/pages/fillMirror.ts'), formats: ['iife'], name: 'benchFill' },
    },
  });
  const output = Array.isArray(result) ? result[0] : result;
  const chunk = output && 'output' in output ? output.output[0] : undefined;
  if (!chunk || !('code' in chunk)) throw new Error('the fill page did not build');
  return chunk.code;
}

interface Estimate {
  usage: number;
  quota: number;
  indexedDB: number;
}

function estimate(page: Page): Promise<Estimate> {
  return page.evaluate(async () => {
    const e = (await navigator.storage.estimate()) as StorageEstimate & { usageDetails?: { indexedDB?: number } };
    // usageDetails is Chromium's; where it is missing, the origin's usage (only IndexedDB on the fill page).
    return { usage: e.usage ?? 0, quota: e.quota ?? 0, indexedDB: e.usageDetails?.indexedDB ?? e.usage ?? 0 };
  });
}

/** Writes the plan's rows from the page, a chunk per call; returns the bytes of their JSON. */
async function fill(page: Page, plan: FillPlan): Promise<number> {
  let json = 0;
  const call = (method: 'putThreads' | 'putPosts', from: number, count: number) =>
    page.evaluate(
      ({ method, plan, from, count }) =>
        (window as unknown as { benchFillMirror: FillApi }).benchFillMirror[method](plan, from, count),
      { method, plan, from, count },
    );
  for (let from = 0; from < plan.threads; from += THREADS_PER_CALL) {
    json += await call('putThreads', from, Math.min(THREADS_PER_CALL, plan.threads - from));
  }
  for (let from = 0; from < plan.posts; from += POSTS_PER_CALL) {
    json += await call('putPosts', from, Math.min(POSTS_PER_CALL, plan.posts - from));
  }
  await page.evaluate(() => (window as unknown as { benchFillMirror: FillApi }).benchFillMirror.close());
  return json;
}

/** Signs the seeded member in and opens Settings; returns the storage card's words once it has measured. */
async function storageCardText(page: Page, url: string, screenshotDir: string | undefined): Promise<string> {
  await page.goto(`${url}/auth`);
  const form = page.getByRole('form', { name: 'Sign in' });
  await form.getByLabel('Email').fill(MEMBER.email);
  await form.getByLabel('Password').fill(MEMBER.password);
  await form.getByRole('button', { name: 'Sign In' }).click();
  await page.getByRole('button', { name: /^Account menu for/ }).waitFor();
  await page.goto(`${url}/settings`);
  await page.waitForLoadState('networkidle');
  const detail = page.getByTestId('storage-detail');
  await detail.waitFor({ timeout: 60_000 });
  const card = page.getByRole('region', { name: 'Storage on this device' });
  if (screenshotDir) {
    for (const [width, height] of [
      [1280, 800],
      [390, 844],
    ] as const) {
      await page.setViewportSize({ width, height });
      await card.scrollIntoViewIfNeeded();
      await page.screenshot({ path: join(screenshotDir, `storage-card-${width}x${height}.png`) });
    }
  }
  return `${await page.getByTestId('storage-usage').textContent()} ${await detail.textContent()}`;
}

export async function benchStorage({ threads = 10_000, posts = 100_000, screenshotDir }: StorageOptions = {}) {
  const outDir = await builtApp();
  const storageDir = await mkdtemp(join(tmpdir(), 'guap-bench-storage-files-'));
  const profileDir = await mkdtemp(join(tmpdir(), 'guap-bench-storage-profile-'));
  const bundle = await fillBundle();
  const db = await openMigratedPglite('seeded');
  const stack = await startStack({ db, jwtSecret: randomJwtSecret(), storageDir, staticDir: outDir });
  // On disk, as a member's browser keeps it: an ordinary context is incognito, whose IndexedDB lives in memory.
  const context = await chromium.launchPersistentContext(profileDir, {
    executablePath: '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
    viewport: { width: 1280, height: 800 },
  });
  try {
    const categories = await db.query<FillPlan['categories'][number]>('select id, type from public.categories');
    const authors = await db.query<{ id: string }>('select id from public.profiles');
    const plan: FillPlan = { threads, posts, categories: categories.rows, authors: authors.rows.map((r) => r.id) };
    const page = context.pages()[0] ?? (await context.newPage());
    // A blank page of the forum's origin: the mirror fills with no app running beside it.
    await page.route(`${stack.url}/bench-fill`, (route) =>
      route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Filling the mirror</title>' }),
    );
    await page.goto(`${stack.url}/bench-fill`);
    const empty = await estimate(page);
    await page.addScriptTag({ content: bundle });
    const started = performance.now();
    const json = await fill(page, plan);
    const fillSeconds = (performance.now() - started) / 1_000;
    const full = await estimate(page);
    const indexedDB = full.indexedDB - empty.indexedDB;
    const card = await storageCardText(page, stack.url, screenshotDir);
    const withApp = await estimate(page);
    printTable(
      `Storage: a mirror of ${threads.toLocaleString()} threads and ${posts.toLocaleString()} posts in Chromium's IndexedDB (on disk; filled in ${fillSeconds.toFixed(1)} s; MB = 1,000,000 bytes)`,
      ['measure', 'value', 'baseline', 'ratio'],
      [
        [
          'IndexedDB usage (estimate, usageDetails.indexedDB)',
          `${(indexedDB / MB).toFixed(1)} MB`,
          `${(json / MB).toFixed(1)} MB of the rows' JSON`,
          `${(indexedDB / json).toFixed(2)}x`,
        ],
        ['per post (IndexedDB usage / posts)', `${Math.round(indexedDB / posts)} bytes`, '', ''],
        [
          'the origin once the member opened the app',
          `${(withApp.usage / MB).toFixed(1)} MB`,
          `quota ${(withApp.quota / MB).toFixed(0)} MB`,
          '',
        ],
        ['the storage card says', card, '', ''],
      ],
    );
  } finally {
    await context.close();
    await stack.close();
    await db.close();
    for (const dir of [storageDir, profileDir]) await rm(dir, { recursive: true, force: true });
  }
}
