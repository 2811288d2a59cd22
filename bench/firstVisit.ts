// A new member's first visit over Lighthouse's mobile network, in headless Chromium at 390x844: / opened with an empty
// mirror and no service worker yet. Times the first paint, the first-sync progress line, the first thread row and the
// end of the first sync, and counts the bytes transferred; beside the same visit over loopback. Then a shared link to
// the 200-reply thread, opened the same way: the time to its first post. A row or a post counts from its first paint,
// the HTML's own markup (supabase/local/web/firstPage.ts) or the app's.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser } from '@playwright/test';
import { CHROMIUM_ARGS } from '../playwright.config.ts';
import { openMigratedPglite } from '../tests/support/migratedDatabase.ts';
import { randomJwtSecret } from '../supabase/local/secret.ts';
import { startStack } from '../supabase/local/server.ts';
import { builtApp } from './builtApp.ts';
import { attachMobileNetwork, MOBILE_NETWORK_LABEL } from './mobileNetwork.ts';
import { printTable } from './stats.ts';

export interface FirstVisitOptions {
  /** Visits of each network. */
  runs: number;
}

const DEFAULTS: FirstVisitOptions = { runs: 3 };
const GOAL_FIRST_ROW_MS = 2_000;
const GOAL_FIRST_POST_MS = 2_000;
const THREAD = '/t/guapx-price-and-market-megathread';
const PHONE = { width: 390, height: 844 };
const WATCHED = { row: 'main a[href^="/t/"]', progress: '[data-testid="first-sync"]', post: 'main article' };

/**
 * From navigation start: when each watched element first showed (in the page, and a frame after it), and keeps every
 * resource timing entry (the default buffer of 250 would drop the end of the sync).
 */
const PROBE = (watched: Record<string, string>) => {
  performance.setResourceTimingBufferSize(100_000);
  const w = window as unknown as { __shown: Record<string, number> };
  w.__shown = {};
  const observer = new MutationObserver(() => {
    for (const [name, selector] of Object.entries(watched)) {
      if (name in w.__shown || !document.querySelector(selector)) continue;
      w.__shown[name] = -1;
      requestAnimationFrame(() => setTimeout(() => (w.__shown[name] = performance.now()), 0));
    }
    if (Object.values(w.__shown).filter((t) => t >= 0).length === Object.keys(watched).length) observer.disconnect();
  });
  observer.observe(document, { childList: true, subtree: true });
};

interface Visit {
  firstPaint: number;
  /** -1 when the first-sync line never showed. */
  progress: number;
  firstRow: number;
  /** The thread link's first post; -1 on home. */
  firstPost: number;
  syncDone: number;
  /** What the page had received when the first row showed (resource timing's transferSize). */
  bytesBeforeRow: number;
  pageBytes: number;
  workerBytes: number;
}

/** Opens `url` and waits until `until` has shown, then until the first sync has ended. */
async function visit(browser: Browser, url: string, mobile: boolean, until: 'row' | 'post' = 'row'): Promise<Visit> {
  const context = await browser.newContext({ viewport: PHONE });
  await context.addInitScript(PROBE, WATCHED);
  // Read as each answer comes and each request finishes, from what Playwright already holds: its promise-returning
  // reads (request.sizes(), even request.response()) can wait for a service worker's request that never reports,
  // and then hang the visit. The local stack sends a Content-Length with every answer.
  const workerBodies = new Map<string, number>();
  /** When the last REST answer ended (ms since the epoch), the sync worker's included. */
  let lastRestEnd = -1;
  context.on('response', (response) => {
    if (!response.request().serviceWorker()) return;
    workerBodies.set(response.url(), Number(response.headers()['content-length'] ?? 0));
  });
  context.on('requestfinished', (request) => {
    if (request.serviceWorker() || !new URL(request.url()).pathname.startsWith('/rest/v1/')) return;
    const { startTime, responseEnd } = request.timing();
    lastRestEnd = Math.max(lastRestEnd, startTime + responseEnd);
  });
  const page = await context.newPage();
  const network = await attachMobileNetwork(page);
  await network.throttle(mobile);
  await page.goto(url);
  await page.waitForFunction(
    (until) => ((window as unknown as { __shown: Record<string, number> }).__shown[until] ?? 0) > 0,
    until,
    { timeout: 120_000 },
  );
  // The first sync's requests are back to back: the network goes quiet once it has ended.
  await page.waitForLoadState('networkidle', { timeout: 300_000 });
  const timings = await page.evaluate(() => {
    const shown = (window as unknown as { __shown: { row?: number; progress?: number; post?: number } }).__shown;
    const first = shown.row ?? shown.post ?? 0;
    const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
    const beforeRow = [...performance.getEntriesByType('navigation'), ...resources].filter(
      (e) => (e as PerformanceResourceTiming).responseEnd <= first,
    ) as PerformanceResourceTiming[];
    const paint = performance.getEntriesByName('first-contentful-paint')[0];
    return {
      timeOrigin: performance.timeOrigin,
      firstPaint: paint?.startTime ?? -1,
      progress: shown.progress ?? -1,
      firstRow: shown.row ?? -1,
      firstPost: shown.post ?? -1,
      bytesBeforeRow: beforeRow.reduce((sum, e) => sum + e.transferSize, 0),
    };
  });
  const pageBytes = network.bytesReceived();
  await context.close();
  const workerBytes = [...workerBodies.values()].reduce((sum, bytes) => sum + bytes, 0);
  const { timeOrigin, ...shown } = timings;
  return { ...shown, syncDone: lastRestEnd < 0 ? -1 : lastRestEnd - timeOrigin, pageBytes, workerBytes };
}

function median(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.ceil(sorted.length / 2) - 1]!;
}

export async function benchFirstVisit(options: Partial<FirstVisitOptions> = {}) {
  const { runs } = { ...DEFAULTS, ...options };
  const outDir = await builtApp();
  const storageDir = await mkdtemp(join(tmpdir(), 'guap-bench-first-visit-'));
  const db = await openMigratedPglite('seeded');
  const stack = await startStack({ db, jwtSecret: randomJwtSecret(), storageDir, staticDir: outDir });
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  try {
    const loopback: Visit[] = [];
    const mobile: Visit[] = [];
    const threadLoopback: Visit[] = [];
    const threadMobile: Visit[] = [];
    for (let i = 0; i < runs; i++) {
      loopback.push(await visit(browser, `${stack.url}/`, false));
      mobile.push(await visit(browser, `${stack.url}/`, true));
      threadLoopback.push(await visit(browser, `${stack.url}${THREAD}`, false, 'post'));
      threadMobile.push(await visit(browser, `${stack.url}${THREAD}`, true, 'post'));
    }
    const kib = (bytes: number) => `${(bytes / 1024).toFixed(0)} KiB`;
    const threadRow = (visits: Visit[]) => [
      median(visits.map((v) => v.firstPaint)),
      median(visits.map((v) => v.firstPost)),
      kib(median(visits.map((v) => v.bytesBeforeRow))),
      kib(median(visits.map((v) => v.pageBytes))),
    ];
    const row = (name: string, visits: Visit[]) => [
      name,
      median(visits.map((v) => v.firstPaint)),
      visits.every((v) => v.progress >= 0) ? median(visits.map((v) => v.progress)) : 'not shown',
      median(visits.map((v) => v.firstRow)),
      median(visits.map((v) => v.syncDone)),
      kib(median(visits.map((v) => v.bytesBeforeRow))),
      kib(median(visits.map((v) => v.pageBytes))),
      kib(median(visits.map((v) => v.workerBytes))),
    ];
    printTable(
      `First visit: a new member opens / with an empty mirror, 390x844, median of ${runs} visits (ms from navigation). Mobile: ${MOBILE_NETWORK_LABEL}. Goal: first row under ${GOAL_FIRST_ROW_MS} ms on mobile, and no first-sync progress after it`,
      [
        'network',
        'first paint',
        'first-sync progress shown',
        'first thread row',
        'first sync done (last REST answer)',
        'received before first row',
        'page transferred',
        'service worker precache',
      ],
      [
        row('loopback', loopback),
        row('mobile', mobile),
        [
          'ratio mobile / loopback',
          '',
          '',
          `${(median(mobile.map((v) => v.firstRow)) / median(loopback.map((v) => v.firstRow))).toFixed(1)}x`,
          '',
          '',
          '',
          '',
        ],
      ],
    );
    const firstPost = median(threadMobile.map((v) => v.firstPost));
    printTable(
      `A shared thread link (${THREAD}) opened on a first visit, 390x844, median of ${runs} visits (ms from navigation). Goal: first post under ${GOAL_FIRST_POST_MS} ms on mobile`,
      ['network', 'first paint', 'first post', 'received before first post', 'page transferred', 'goal'],
      [
        ['loopback', ...threadRow(threadLoopback), ''],
        ['mobile', ...threadRow(threadMobile), firstPost < GOAL_FIRST_POST_MS ? 'met' : 'NOT met'],
      ],
    );
    // The first sync's progress line shows while the lists have no rows: with the rows in the HTML it need not.
    const progressFirst = mobile.every((v) => v.progress === -1 || v.progress <= v.firstRow);
    const met = median(mobile.map((v) => v.firstRow)) < GOAL_FIRST_ROW_MS && progressFirst;
    console.log(met ? 'First visit goal met.' : 'First visit goal NOT met.');
    console.log(firstPost < GOAL_FIRST_POST_MS ? 'First post goal met.' : 'First post goal NOT met.');
  } finally {
    await browser.close();
    await stack.close();
    await db.close();
    await rm(storageDir, { recursive: true, force: true });
  }
}
