// The first sync of a large forum in Chromium on real IndexedDB (on disk), against the local stack, over loopback and
// over a mobile network: how long until the first thread row and the end of the sync, the bytes, and whether the
// page stays responsive meanwhile (PerformanceObserver 'longtask'). bench/sync.ts times the same sync in Node.
//
// Its long tasks are read with no inspector domain on that changes what V8 does (bench/plainChromium.ts): with
// Playwright's, React DOM's module evaluation took 37-57 ms of the page's thread, against 5 ms without.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { createClient } from '@supabase/supabase-js';
import type { Stack } from '../supabase/local/server.ts';
import { randomJwtSecret } from '../supabase/local/secret.ts';
import { startStack } from '../supabase/local/server.ts';
import { openGeneratedForum } from './generatedDatabase.ts';
import { NAME_SHIM } from './longThread.ts';
import { builtApp } from './builtApp.ts';
import { MOBILE_NETWORK_LABEL } from './mobileNetwork.ts';
import { openPlainPage, type PlainPage } from './plainChromium.ts';
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

/** What Playwright's serviceWorkers: 'block' runs in each document. */
const NO_SERVICE_WORKER = `if (navigator.serviceWorker) navigator.serviceWorker.register = async () => undefined;`;

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

/** In the page: when every thread is mirrored and the recent threads' posts are kept (the page's clock), or null. */
async function syncedInPage({ threads, kept }: { threads: number; kept: number }): Promise<number | null> {
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
}

/**
 * The first sync is over when every thread is mirrored and the recent threads' posts are kept: when it was (the
 * page's clock), or null while it runs.
 */
export function syncedAt(page: Page, threads: number): Promise<number | null> {
  return page.evaluate(syncedInPage, { threads, kept: KEPT_THREADS });
}

/** Waits for the end of the first sync; returns when it was. */
async function syncDone(page: PlainPage, threads: number): Promise<number> {
  const deadline = Date.now() + 600_000;
  const expression = `(${syncedInPage.toString()})(${JSON.stringify({ threads, kept: KEPT_THREADS })})`;
  while (Date.now() < deadline) {
    const done = await page.evaluate<number | null>(expression);
    if (done !== null) return done;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('the first sync did not end in 10 minutes');
}

/** Waits for the frame that painted the first thread row (the instrument's record). */
async function firstRowPainted(page: PlainPage): Promise<void> {
  const deadline = Date.now() + 600_000;
  while (Date.now() < deadline) {
    if (await page.evaluate<boolean>('window.__firstRowFrame !== undefined')) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('no thread row painted in 10 minutes');
}

async function firstSync(stack: Stack, threads: number, throttled: boolean, profile?: string): Promise<SyncRun> {
  // A fresh profile on disk, as a member's browser keeps it; no service worker (as Playwright's 'block'), so every
  // request is the page's and is throttled. No inspector domain that changes what V8 does (bench/plainChromium.ts).
  const page = await openPlainPage({
    initScript: `${INSTRUMENT}\n${NO_SERVICE_WORKER}`,
    width: 390,
    height: 844,
    throttled,
  });
  try {
    if (profile) {
      await page.send('Profiler.enable');
      await page.send('Profiler.start');
    }
    await page.navigate(`${stack.url}/`);
    await firstRowPainted(page);
    const synced = await syncDone(page, threads);
    if (profile) {
      const { profile: cpu } = await page.send<{ profile: unknown }>('Profiler.stop');
      await writeFile(profile, JSON.stringify(cpu));
    }
    const measured = await page.evaluate<
      Omit<SyncRun, 'rendered' | 'synced' | 'bytes'> & {
        commits: Commit[];
        firstRowFrame: number;
      }
    >(`(() => {
      const durations = window.__longTasks.filter((t) => t.start > window.__firstRowFrame).map((t) => t.duration);
      return {
        firstRow: window.__firstRow,
        longestAll: Math.max(0, ...window.__longTasks.map((t) => t.duration)),
        longest: Math.max(0, ...durations),
        over50: durations.filter((d) => d > 50).length,
        over200: durations.filter((d) => d > 200).length,
        commits: window.__commits,
        firstRowFrame: window.__firstRowFrame,
      };
    })()`);
    const { commits, firstRowFrame, ...tasks } = measured;
    return { ...tasks, rendered: renderedAfter(commits, firstRowFrame), synced, bytes: page.bytesReceived() };
  } finally {
    await page.close();
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
