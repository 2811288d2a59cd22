// The first sync of a large forum in Chromium on real IndexedDB (on disk), against the local stack, over loopback and
// over a mobile network: how long until the first thread row and the end of the sync, the bytes, and whether the
// page stays responsive meanwhile (PerformanceObserver 'longtask'). bench/sync.ts times the same sync in Node.
//
// Reading its long tasks: Playwright drives the page through Chromium's inspector, and with an inspector attached V8
// records a full stack, with line and column, for every Error made. React DOM makes four at its module's evaluation
// (sentinels it throws later), and V8 parses its 207 KB chunk again to place them: that evaluation then takes 37-57 ms
// of the page's thread (V8.CollectSourcePositions 38-42 ms of it), where a trace of the same first visit with no
// inspector (chromium --trace-startup) reads 5 ms. On loopback it falls after the server's first rows have painted.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { createClient } from '@supabase/supabase-js';
import { CHROMIUM_ARGS } from '../playwright.config.ts';
import type { Stack } from '../supabase/local/server.ts';
import { randomJwtSecret } from '../supabase/local/secret.ts';
import { startStack } from '../supabase/local/server.ts';
import { openGeneratedForum } from './generatedDatabase.ts';
import { NAME_SHIM } from './longThread.ts';
import { builtApp } from './builtApp.ts';
import { attachMobileNetwork, MOBILE_NETWORK_LABEL } from './mobileNetwork.ts';
import { RENDER_COUNT_SHIM, renderedAfter, type Commit } from './renderCount.ts';
import { printTable } from './stats.ts';

/** No task on the page's thread over this after the first row: the sync runs in a worker and writes in chunks. */
const GOAL_LONG_TASK_MS = 50;
/** The engine's default: the posts of this many recently active threads are fetched in the first sync. */
const KEPT_THREADS = 200;

export interface BrowserSyncOptions {
  threads?: number;
  posts?: number;
  /** Saves a CPU profile of each sync here (.cpuprofile, for Chromium's DevTools), to find what makes long tasks. */
  profileDir?: string;
}

/**
 * Long tasks, and when the first thread row showed, from navigation start: when it came into the document, and the
 * frame that painted it (its animation-frame callback runs in that frame's task, before its layout and paint). The
 * tasks up to that paint, parsing the page and its first layout, are the first paint's, which its own goals hold: a
 * fresh browser's first layout (263 layout objects, with the fonts' set-up) took 70-117 ms here. "After the first
 * row" starts after that frame.
 */
const INSTRUMENT = `
  ${NAME_SHIM}
  ${RENDER_COUNT_SHIM}
  window.__longTasks = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__longTasks.push({ start: e.startTime, duration: e.duration });
  }).observe({ type: 'longtask', buffered: true });
  const observer = new MutationObserver(() => {
    if (!document.querySelector('[data-testid="thread-row"]')) return;
    observer.disconnect();
    window.__firstRow = performance.now();
    requestAnimationFrame(() => (window.__firstRowFrame = performance.now()));
  });
  observer.observe(document, { childList: true, subtree: true });
`;

interface SyncRun {
  firstRow: number;
  synced: number;
  bytes: number;
  /** The longest task from navigation on: the app's start-up included. */
  longestAll: number;
  /** From the frame that painted the first thread row on, while the member can use the page and the sync still runs. */
  longest: number;
  over50: number;
  over200: number;
  /** React components rendered after the first row's frame: what the sync's writes and progress woke on the page. */
  rendered: number;
}

/**
 * The first sync is over when every thread is mirrored and the recent threads' posts are kept: when it was (the
 * page's clock), or null while it runs.
 */
export function syncedAt(page: Page, threads: number): Promise<number | null> {
  return page.evaluate(
    async ({ threads, kept }) => {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open('guap-mirror');
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(open.error);
      });
      try {
        if (!db.objectStoreNames.contains('keptThreads')) return null;
        const count = (store: string) =>
          new Promise<number>((resolve) => {
            const request = db.transaction(store).objectStore(store).count();
            request.onsuccess = () => resolve(request.result);
          });
        const all = (await count('threads')) >= threads && (await count('keptThreads')) >= Math.min(kept, threads);
        return all ? performance.now() : null;
      } finally {
        db.close();
      }
    },
    { threads, kept: KEPT_THREADS },
  );
}

/** Waits for the end of the first sync; returns when it was. */
async function syncDone(page: Page, threads: number): Promise<number> {
  const deadline = Date.now() + 600_000;
  while (Date.now() < deadline) {
    const done = await syncedAt(page, threads);
    if (done !== null) return done;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('the first sync did not end in 10 minutes');
}

async function firstSync(stack: Stack, threads: number, throttled: boolean, profile?: string): Promise<SyncRun> {
  const profileDir = await mkdtemp(join(tmpdir(), 'guap-bench-browser-sync-'));
  // On disk, as a member's browser keeps it; no service worker, so every request is the page's and is throttled.
  const context = await chromium.launchPersistentContext(profileDir, {
    executablePath: '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
    viewport: { width: 390, height: 844 },
    serviceWorkers: 'block',
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.addInitScript({ content: INSTRUMENT });
    const network = await attachMobileNetwork(page);
    if (throttled) await network.throttle(true);
    const cdp = await context.newCDPSession(page);
    if (profile) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.start');
    }
    await page.goto(`${stack.url}/`);
    // The database exists once the app has opened it: opening it first would make an empty one.
    await page.getByTestId('thread-row').first().waitFor({ timeout: 600_000 });
    const synced = await syncDone(page, threads);
    if (profile) {
      const { profile: cpu } = await cdp.send('Profiler.stop');
      await writeFile(profile, JSON.stringify(cpu));
    }
    const measured = await page.evaluate(() => {
      const w = window as unknown as {
        __longTasks: { start: number; duration: number }[];
        __firstRow: number;
        __firstRowFrame: number;
        __commits: Commit[];
      };
      const durations = w.__longTasks.filter((t) => t.start > w.__firstRowFrame).map((t) => t.duration);
      return {
        firstRow: w.__firstRow,
        longestAll: Math.max(0, ...w.__longTasks.map((t) => t.duration)),
        longest: Math.max(0, ...durations),
        over50: durations.filter((d) => d > 50).length,
        over200: durations.filter((d) => d > 200).length,
        commits: w.__commits,
        firstRowFrame: w.__firstRowFrame,
      };
    });
    const { commits, firstRowFrame, ...tasks } = measured;
    return { ...tasks, rendered: renderedAfter(commits, firstRowFrame), synced, bytes: network.bytesReceived() };
  } finally {
    await context.close();
    await rm(profileDir, { recursive: true, force: true });
  }
}

export async function benchBrowserSync({ threads = 10_000, posts = 100_000, profileDir }: BrowserSyncOptions = {}) {
  const outDir = await builtApp();
  const storageDir = await mkdtemp(join(tmpdir(), 'guap-bench-browser-sync-files-'));
  // Generated once with the posting limits lifted, then copied (the sync bench's forum, when the sizes are the same).
  const { db } = await openGeneratedForum(threads, posts);
  const stack = await startStack({ db, jwtSecret: randomJwtSecret(), storageDir, staticDir: outDir });
  try {
    // The threads a visitor may read (row-level security decides), which the first sync mirrors.
    const visitor = createClient(stack.url, stack.anonKey, { auth: { persistSession: false } });
    const { count, error } = await visitor.from('threads').select('id', { count: 'exact', head: true });
    if (error || count === null) throw new Error(`counting threads failed: ${error?.message}`);
    const total = count;
    const rows: (string | number)[][] = [];
    let worst = 0;
    for (const throttled of [false, true]) {
      const name = throttled ? `mobile network (${MOBILE_NETWORK_LABEL})` : 'loopback';
      const profile = profileDir && join(profileDir, `browser-sync-${throttled ? 'mobile' : 'loopback'}.cpuprofile`);
      const run = await firstSync(stack, total, throttled, profile);
      worst = Math.max(worst, run.longest);
      rows.push([
        name,
        run.firstRow,
        run.synced,
        `${(run.bytes / 1e6).toFixed(2)} MB`,
        run.longestAll,
        run.longest,
        run.over50,
        run.over200,
        run.rendered,
        run.longest <= GOAL_LONG_TASK_MS ? 'met' : 'NOT met',
      ]);
    }
    printTable(
      `Initial sync in Chromium (IndexedDB on disk, 390x844): ${total.toLocaleString()} threads, the posts of ${KEPT_THREADS} kept; forum of ${posts.toLocaleString()} posts (ms from navigation)`,
      [
        'network',
        'first thread row',
        'sync done',
        'transferred',
        'longest task, start-up included',
        'longest task after the first row is painted',
        'tasks > 50 ms after it',
        'tasks > 200 ms after it',
        'components rendered after it',
        `goal: none > ${GOAL_LONG_TASK_MS} ms after it`,
      ],
      rows,
    );
    console.log(`Initial sync responsiveness goal ${worst <= GOAL_LONG_TASK_MS ? 'met' : 'NOT met'}.`);
  } finally {
    await stack.close();
    await db.close();
    await rm(storageDir, { recursive: true, force: true });
  }
}
