// Seen marking while reading: a member scrolls a 2,000-post thread from top to bottom in headless Chromium while the
// IntersectionObserver marks posts seen. Measures the longest main-thread task during the scroll (PerformanceObserver
// 'longtask') and the readPosition outbox entries written per thread per second (IndexedDB writes to the outbox).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { CHROMIUM_ARGS } from '../playwright.config.ts';
import { openMigratedPglite } from '../tests/support/migratedDatabase.ts';
import { randomJwtSecret } from '../supabase/local/secret.ts';
import { startStack } from '../supabase/local/server.ts';
import { builtApp } from './builtApp.ts';
import { allPostsInMirror, makeLongThread, scrollToEnd, type ScrollResult } from './longThread.ts';
import { printTable } from './stats.ts';

export interface ReadPositionOptions {
  /** Posts in the scrolled thread. */
  posts: number;
}

const DEFAULTS: ReadPositionOptions = { posts: 2_000 };
const SLUG = 'bench-read-position-2000-posts';
const MEMBER = { email: 'member@guapcoin.local', password: 'guapmember123' };
const GOAL_LONG_TASK_MS = 50;
const GOAL_ENTRIES_PER_SECOND = 1;
/** The warm-up scroll: about a tenth of the 2,000-post thread (1,256 frames take it to the end). */
const WARM_UP_FRAMES = 120;

/** Records long tasks and every readPosition entry the app adds to its outbox, from before the app starts. */
const INSTRUMENT = `
  window.__name = (fn) => fn;
  window.__longTasks = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__longTasks.push({ start: e.startTime, duration: e.duration });
  }).observe({ type: 'longtask', buffered: true });
  window.__outboxWrites = [];
  for (const method of ['add', 'put']) {
    const original = IDBObjectStore.prototype[method];
    IDBObjectStore.prototype[method] = function (value, key) {
      if (this.name === 'outbox' && value && value.write && value.write.kind === 'readPosition') {
        window.__outboxWrites.push({ id: value.id, at: performance.now(), postNumber: value.write.postNumber });
      }
      return original.call(this, value, key);
    };
  }
`;

/** The longest main-thread task that overlapped the scroll. */
function longestTask(page: Page, { started, ended }: ScrollResult): Promise<number> {
  return page.evaluate(
    ({ started, ended }) => {
      const tasks = (window as unknown as { __longTasks: { start: number; duration: number }[] }).__longTasks;
      const during = tasks.filter((t) => t.start + t.duration >= started && t.start <= ended);
      return Math.max(0, ...during.map((t) => t.duration));
    },
    { started, ended },
  );
}

/** The most entries first written within any one second. */
function maxPerSecond(times: number[]): number {
  const sorted = [...times].sort((a, b) => a - b);
  let most = 0;
  let from = 0;
  for (let to = 0; to < sorted.length; to++) {
    while (sorted[to]! - sorted[from]! >= 1_000) from += 1;
    most = Math.max(most, to - from + 1);
  }
  return most;
}

/** The rate of entries between the first and the last one (the last lands after the scroll, as it is flushed). */
function spanRate(times: number[]): number {
  if (times.length < 2) return 0;
  return (times.length - 1) / ((Math.max(...times) - Math.min(...times)) / 1_000);
}

export async function benchReadPosition(options: Partial<ReadPositionOptions> = {}) {
  const { posts } = { ...DEFAULTS, ...options };
  const outDir = await builtApp();
  const storageDir = await mkdtemp(join(tmpdir(), 'guap-bench-read-'));
  const db = await openMigratedPglite('seeded');
  const { lastPostId } = await makeLongThread(db, SLUG, posts);
  const stack = await startStack({ db, jwtSecret: randomJwtSecret(), storageDir, staticDir: outDir });
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  try {
    // The same scroll by a visitor, who marks nothing: what the windowed list costs without seen marking. The first
    // one, a tenth of the way, warms the browser up (its compiled code), so neither measured scroll pays for that.
    let visitorLongest = 0;
    for (const measured of [false, true]) {
      const visitor = await browser.newPage({ viewport: { width: 1280, height: 800 } });
      await visitor.addInitScript({ content: INSTRUMENT });
      await visitor.goto(`${stack.url}/t/${SLUG}`);
      await allPostsInMirror(visitor, posts);
      const visitorScroll = await scrollToEnd(visitor, lastPostId, measured ? undefined : WARM_UP_FRAMES);
      if (measured) visitorLongest = await longestTask(visitor, visitorScroll);
      await visitor.close();
    }

    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.addInitScript({ content: INSTRUMENT });
    let sends = 0;
    page.on('request', (r) => r.url().includes('/rest/v1/rpc/mark_thread_read') && (sends += 1));
    await page.goto(`${stack.url}/auth`);
    const form = page.getByRole('form', { name: 'Sign in' });
    await form.getByLabel('Email').fill(MEMBER.email);
    await form.getByLabel('Password').fill(MEMBER.password);
    await form.getByRole('button', { name: 'Sign In' }).click();
    await page.getByRole('button', { name: /^Account menu for/ }).waitFor();
    await page.goto(`${stack.url}/t/${SLUG}`);
    await allPostsInMirror(page, posts);
    const scroll = await scrollToEnd(page, lastPostId);
    // The trailing write of the last second lands, then the outbox empties.
    await page.waitForFunction(
      (posts) =>
        (window as unknown as { __outboxWrites: { postNumber: number }[] }).__outboxWrites.some(
          (w) => w.postNumber >= posts,
        ),
      posts,
      { timeout: 30_000 },
    );
    await page.waitForLoadState('networkidle');
    const measured = await page.evaluate(
      ({ started, ended }) => {
        const w = window as unknown as {
          __longTasks: { start: number; duration: number }[];
          __outboxWrites: { id: string; at: number; postNumber: number }[];
        };
        const during = w.__longTasks.filter((t) => t.start + t.duration >= started && t.start <= ended);
        const firstWrite = new Map<string, number>();
        for (const write of w.__outboxWrites) if (!firstWrite.has(write.id)) firstWrite.set(write.id, write.at);
        return {
          longest: Math.max(0, ...during.map((t) => t.duration)),
          over50: during.filter((t) => t.duration > 50).length,
          entries: [...firstWrite.values()],
          highest: Math.max(0, ...w.__outboxWrites.map((x) => x.postNumber)),
        };
      },
      { started: scroll.started, ended: scroll.ended },
    );
    const seconds = (scroll.ended - scroll.started) / 1_000;
    const perSecond = maxPerSecond(measured.entries);
    printTable(
      `Read position: scrolling the ${posts.toLocaleString()}-post thread top to bottom while seen-marking (${seconds.toFixed(1)} s, ${scroll.frames} frames)`,
      ['measure', 'value', 'goal'],
      [
        ['longest task during the scroll (ms)', measured.longest, `<= ${GOAL_LONG_TASK_MS} ms`],
        ['the same scroll by a visitor, no marking (ms)', visitorLongest, ''],
        ['tasks over 50 ms', measured.over50, '0'],
        ['readPosition outbox entries written', measured.entries.length, ''],
        ['most entries in any one second (one thread)', perSecond, `<= ${GOAL_ENTRIES_PER_SECOND}`],
        ['entries per second, first entry to last', spanRate(measured.entries), `<= ${GOAL_ENTRIES_PER_SECOND}`],
        ['mark_thread_read requests sent', sends, ''],
        ['highest post marked seen', measured.highest, `${posts}`],
        ['scroll steps with no animation frame in 2 s', scroll.timerSteps, '0'],
      ],
    );
    const met =
      measured.longest <= GOAL_LONG_TASK_MS && perSecond <= GOAL_ENTRIES_PER_SECOND && measured.highest >= posts;
    console.log(met ? 'Read position goal met.' : 'Read position goal NOT met.');
  } finally {
    await browser.close();
    await stack.close();
    await db.close();
    await rm(storageDir, { recursive: true, force: true });
  }
}
