// Time from an in-app navigation to the painted posts of the seeded 200-reply thread, in headless Chromium:
// opened from the mirror, and opened the old way (its rows removed from the mirror first, so the engine fetches
// the thread, its posts and their authors over REST before anything shows). Both run in one browser, interleaved.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { build } from 'vite';
import { CHROMIUM_ARGS } from '../playwright.config.ts';
import { openPglite } from '../supabase/local/pgliteThread.ts';
import { migrate } from '../supabase/local/migrate.ts';
import { randomJwtSecret } from '../supabase/local/secret.ts';
import { startStack } from '../supabase/local/server.ts';
import { printTable } from './stats.ts';

const SLUG = 'guapx-price-and-market-megathread';
const WARM_SLUG = 'forum-rules-and-code-of-conduct';
/** Pairs of opens; PAINT_RUNS overrides it for a quick look. */
const RUNS = Number(process.env.PAINT_RUNS ?? 20);
/** The first window of the post list (windowing.ts renders 20 posts per page). */
const FIRST_WINDOW = 20;
const GOAL_MS = 100;
const GOAL_SPEEDUP = 5;

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

function p50(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.ceil(sorted.length / 2) - 1]!;
}

function p90(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.ceil(sorted.length * 0.9) - 1]!;
}

export async function benchThreadPaint() {
  const outDir = join(process.cwd(), 'dist-bench');
  await build({ logLevel: 'error', build: { outDir, emptyOutDir: true } });
  const storageDir = await mkdtemp(join(tmpdir(), 'guap-bench-thread-'));
  const db = await openPglite();
  await migrate(db);
  const stack = await startStack({ db, jwtSecret: randomJwtSecret(), storageDir, staticDir: outDir });
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  try {
    const thread = (await db.query<{ id: string }>('select id from public.threads where slug = $1', [SLUG])).rows[0];
    if (!thread) throw new Error(`the seed has no thread ${SLUG}`);
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    let restPostReads = 0;
    // tsx names functions with an `__name` helper that the page does not have; the evaluated code needs it.
    await page.addInitScript({ content: 'window.__name = (fn) => fn;' });
    page.on('request', (r) => r.url().includes('/rest/v1/posts') && (restPostReads += 1));
    /**
     * A fresh page at home, synced, with the screen's code warm (another thread opened and left), then the timed
     * open. The reload matters: Dexie caches live-query results in memory, and the cleared thread must not have
     * been read by this page before. It is cleared after the start-up sync, which would otherwise fetch it back.
     */
    const timedOpen = async (clearMirror: boolean) => {
      await page.goto(`${stack.url}/`);
      await page.getByTestId('thread-row').first().waitFor();
      await page.waitForLoadState('networkidle');
      await navigate(page, `/t/${WARM_SLUG}`, 1);
      await navigate(page, '/', 0);
      if (clearMirror && (await forgetThread(page, thread.id)) < 200) {
        throw new Error('the mirror did not hold the thread');
      }
      const before = restPostReads;
      const ms = await navigate(page, `/t/${SLUG}`, FIRST_WINDOW);
      return { ms, reads: restPostReads - before };
    };
    await timedOpen(false); // mirrors the thread
    const mirror: number[] = [];
    const rest: number[] = [];
    let mirrorReads = 0;
    let restReads = 0;
    for (let i = 0; i < RUNS; i++) {
      const fromMirror = await timedOpen(false);
      mirror.push(fromMirror.ms);
      mirrorReads += fromMirror.reads;
      const overRest = await timedOpen(true);
      rest.push(overRest.ms);
      restReads += overRest.reads;
    }
    const speedup = p50(rest) / p50(mirror);
    printTable(
      `Thread paint: navigation to the first ${FIRST_WINDOW} of 201 posts painted, ${RUNS} runs each (ms)`,
      ['path', 'p50', 'p90', 'REST post reads per open', 'goal'],
      [
        ['from the mirror', p50(mirror), p90(mirror), mirrorReads / RUNS, `< ${GOAL_MS} ms p50`],
        ['over REST (mirror cleared)', p50(rest), p90(rest), restReads / RUNS, ''],
        ['speed-up (p50)', speedup, '', '', `>= ${GOAL_SPEEDUP}x`],
      ],
    );
    const met = p50(mirror) < GOAL_MS && speedup >= GOAL_SPEEDUP;
    console.log(met ? 'Thread paint goal met.' : 'Thread paint goal NOT met.');
  } finally {
    await browser.close();
    await stack.close();
    await db.close();
    await rm(storageDir, { recursive: true, force: true });
  }
}
