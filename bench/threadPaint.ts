// Time from an in-app navigation to the painted posts of the seeded 200-reply thread, in headless Chromium:
// opened from the mirror, and opened the old way (its rows removed from the mirror first, so the engine fetches
// the thread, its posts and their authors over REST before anything shows), over loopback and over Lighthouse's
// mobile network. All three run in one browser, interleaved.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { CHROMIUM_ARGS } from '../playwright.config.ts';
import { openMigratedPglite } from '../tests/support/migratedDatabase.ts';
import { randomJwtSecret } from '../supabase/local/secret.ts';
import { startStack } from '../supabase/local/server.ts';
import { builtApp } from './builtApp.ts';
import { attachMobileNetwork, MOBILE_NETWORK_LABEL } from './mobileNetwork.ts';
import { printTable } from './stats.ts';

const SLUG = 'guapx-price-and-market-megathread';
const WARM_SLUG = 'forum-rules-and-code-of-conduct';
export interface ThreadPaintOptions {
  /** Opens of each path; PAINT_RUNS overrides the default for a quick look. */
  runs: number;
}

const DEFAULTS: ThreadPaintOptions = { runs: Number(process.env.PAINT_RUNS ?? 10) };
/** The first window of the post list (windowing.ts renders 20 posts per page). */
const FIRST_WINDOW = 20;
const GOAL_MS = 100;
const GOAL_SPEEDUP = 5;
const GOAL_SPEEDUP_MOBILE = 10;

/** Navigates inside the app as a link click does (TanStack Router follows history), and times it to the paint. */
function navigate(page: Page, path: string, postsWanted: number): Promise<number> {
  return page.evaluate(
    async ({ path, postsWanted }) => {
      const count = () => document.querySelectorAll('[data-testid="post"]').length;
      const done = () => (postsWanted === 0 ? count() === 0 : count() >= postsWanted);
      const key = Math.random().toString(36).slice(2);
      const index = ((history.state as { __TSR_index?: number } | null)?.__TSR_index ?? 0) + 1;
      const started = performance.now();
      history.pushState({ __TSR_index: index, key, __TSR_key: key }, '', path);
      dispatchEvent(new PopStateEvent('popstate', { state: history.state }));
      await new Promise<void>((resolve) => {
        if (done()) return resolve();
        const observer = new MutationObserver(() => {
          if (!done()) return;
          observer.disconnect();
          resolve();
        });
        observer.observe(document.body, { childList: true, subtree: true });
      });
      // Painted: the frame that shows the posts has run, and the task after it.
      await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
      return performance.now() - started;
    },
    { path, postsWanted },
  );
}

/** Removes the thread, its posts and its kept mark from the mirror, straight through IndexedDB. */
function forgetThread(page: Page, threadId: string) {
  return page.evaluate(async (threadId) => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open('guap-mirror');
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    const tx = db.transaction(['posts', 'threads', 'keptThreads'], 'readwrite');
    const posts = tx.objectStore('posts');
    const keys = await new Promise<IDBValidKey[]>((resolve) => {
      // Every [thread_id, created_at] key of this thread: [id] sorts before them, [id, []] after.
      const request = posts.index('[thread_id+created_at]').getAllKeys(IDBKeyRange.bound([threadId], [threadId, []]));
      request.onsuccess = () => resolve(request.result);
    });
    for (const key of keys) posts.delete(key);
    tx.objectStore('threads').delete(threadId);
    tx.objectStore('keptThreads').delete(threadId);
    await new Promise((resolve) => (tx.oncomplete = resolve));
    db.close();
    return keys.length;
  }, threadId);
}

/** Longer than any start-up pull of the seeded forum: a page never quiet by then has a request that hangs. */
const QUIET_LIMIT_MS = 60_000;

/**
 * Counts the page's requests in flight, and resolves `quiet()` once none has been for `ms`: the start-up sync's pull
 * is over, and a timed open that follows does not share the page with it.
 */
function trackRequests(page: Page) {
  let inFlight = 0;
  let lastChange = Date.now();
  const change = (by: number) => {
    inFlight += by;
    lastChange = Date.now();
  };
  page.on('request', () => change(1));
  page.on('requestfinished', () => change(-1));
  page.on('requestfailed', () => change(-1));
  return {
    async quiet(ms = 250) {
      const deadline = Date.now() + QUIET_LIMIT_MS;
      while (inFlight > 0 || Date.now() - lastChange < ms) {
        if (Date.now() > deadline)
          throw new Error(`the page still had ${inFlight} requests in flight after ${QUIET_LIMIT_MS / 1000} s`);
        await page.waitForTimeout(50);
      }
    },
  };
}

function p50(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.ceil(sorted.length / 2) - 1]!;
}

function p90(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.ceil(sorted.length * 0.9) - 1]!;
}

export async function benchThreadPaint(options: Partial<ThreadPaintOptions> = {}) {
  const { runs } = { ...DEFAULTS, ...options };
  const outDir = await builtApp();
  const storageDir = await mkdtemp(join(tmpdir(), 'guap-bench-thread-'));
  const db = await openMigratedPglite('seeded');
  const stack = await startStack({ db, jwtSecret: randomJwtSecret(), storageDir, staticDir: outDir });
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  try {
    const thread = (await db.query<{ id: string }>('select id from public.threads where slug = $1', [SLUG])).rows[0];
    if (!thread) throw new Error(`the seed has no thread ${SLUG}`);
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    const network = await attachMobileNetwork(page);
    let restPostReads = 0;
    // tsx names functions with an `__name` helper that the page does not have; the evaluated code needs it.
    await page.addInitScript({ content: 'window.__name = (fn) => fn;' });
    page.on('request', (r) => r.url().includes('/rest/v1/posts') && (restPostReads += 1));
    const requests = trackRequests(page);
    /**
     * A fresh page at home, synced, with the screen's code warm (another thread opened and left), then the timed
     * open. The reload matters: Dexie caches live-query results in memory, and the cleared thread must not have
     * been read by this page before. It is cleared after the start-up sync, which would otherwise fetch it back; the
     * sync starts once the page is idle, so its pull is awaited by its request (sync_watermark) and then quiet.
     */
    const timedOpen = async (clearMirror: boolean, mobile = false) => {
      const pulled = page.waitForResponse((r) => r.url().includes('/rpc/sync_watermark'));
      await page.goto(`${stack.url}/`);
      await page.getByTestId('thread-row').first().waitFor();
      await pulled;
      await requests.quiet();
      // The warm thread's view is counted once the page is idle, and the live update it sends is pulled: both done
      // before the timed open.
      const counted = page.waitForResponse((r) => r.url().includes('/rpc/increment_thread_view_count'));
      await navigate(page, `/t/${WARM_SLUG}`, 1);
      await navigate(page, '/', 0);
      await counted;
      await requests.quiet();
      if (clearMirror && (await forgetThread(page, thread.id)) < 200) {
        throw new Error('the mirror did not hold the thread');
      }
      const before = restPostReads;
      // Only the timed open goes over the mobile network: the set-up above is not what is measured.
      if (mobile) await network.throttle(true);
      const ms = await navigate(page, `/t/${SLUG}`, FIRST_WINDOW);
      if (mobile) await network.throttle(false);
      return { ms, reads: restPostReads - before };
    };
    await timedOpen(false); // mirrors the thread
    const mirror: number[] = [];
    const rest: number[] = [];
    const mobile: number[] = [];
    let mirrorReads = 0;
    let restReads = 0;
    let mobileReads = 0;
    for (let i = 0; i < runs; i++) {
      const fromMirror = await timedOpen(false);
      mirror.push(fromMirror.ms);
      mirrorReads += fromMirror.reads;
      const overRest = await timedOpen(true);
      rest.push(overRest.ms);
      restReads += overRest.reads;
      const overMobile = await timedOpen(true, true);
      mobile.push(overMobile.ms);
      mobileReads += overMobile.reads;
    }
    const speedup = p50(rest) / p50(mirror);
    const mobileSpeedup = p50(mobile) / p50(mirror);
    printTable(
      `Thread paint: navigation to the first ${FIRST_WINDOW} of 201 posts painted, ${runs} runs each (ms). Mobile: ${MOBILE_NETWORK_LABEL}`,
      ['path', 'p50', 'p90', 'REST post reads per open', 'goal'],
      [
        ['from the mirror', p50(mirror), p90(mirror), mirrorReads / runs, `< ${GOAL_MS} ms p50`],
        ['over REST, loopback (mirror cleared)', p50(rest), p90(rest), restReads / runs, ''],
        ['over REST, mobile network (mirror cleared)', p50(mobile), p90(mobile), mobileReads / runs, ''],
        ['speed-up over loopback REST (p50)', `${speedup.toFixed(1)}x`, '', '', `>= ${GOAL_SPEEDUP}x`],
        ['speed-up over mobile REST (p50)', `${mobileSpeedup.toFixed(1)}x`, '', '', `>= ${GOAL_SPEEDUP_MOBILE}x`],
      ],
    );
    const met = p50(mirror) < GOAL_MS && speedup >= GOAL_SPEEDUP && mobileSpeedup >= GOAL_SPEEDUP_MOBILE;
    console.log(met ? 'Thread paint goal met.' : 'Thread paint goal NOT met.');
  } finally {
    await browser.close();
    await stack.close();
    await db.close();
    await rm(storageDir, { recursive: true, force: true });
  }
}
