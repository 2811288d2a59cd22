// Lighthouse's mobile preset (a mid-range phone, simulated slow 4G) against the built app served as `npm start`
// serves it, on Debian's Chromium: a first visit to home, a category and the seeded 200-reply thread, beside the
// floor: a 1 KB static page from the same server, which shows what the machine itself costs (TBT is wall-clock time,
// and grows with the machine's load though the page's work does not).
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_ARGS } from '../playwright.config.ts';
import { openMigratedPglite } from '../tests/support/migratedDatabase.ts';
import { randomJwtSecret } from '../supabase/local/secret.ts';
import { startStack } from '../supabase/local/server.ts';
import { builtApp } from './builtApp.ts';
import type { TraceEvent } from '../tests/support/traceTasks.ts';
import { ownCpuBlockingMs } from './ownCpuBlocking.ts';
import { printTable } from './stats.ts';

const FLOOR_NAME = 'the floor (1 KB static page)';
const FLOOR_FILE = 'bench-floor.html';
const FLOOR_HTML = `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>GuapCoin Forum</title></head>
<body><h1>GuapCoin Forum</h1>
<p>${'The community forum of the GuapCoin cryptocurrency. '.repeat(16)}</p></body></html>`;

const PAGES = [
  { name: FLOOR_NAME, path: `/${FLOOR_FILE}`, file: 'floor' },
  { name: '/', path: '/', file: 'home' },
  { name: '/category/guapcoin', path: '/category/guapcoin', file: 'category' },
  { name: 'the 200-reply thread', path: '/t/guapx-price-and-market-megathread', file: 'thread' },
];
/** Runs per page, the median of each figure printed; LIGHTHOUSE_RUNS overrides it for a quick look. */
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
/** A folder to keep each run's full report in (JSON, for the Lighthouse viewer): what dominates a figure. */
const REPORTS = process.env.LIGHTHOUSE_REPORTS;
/** The first visit's goals, each an upper bound but the score. */
const GOALS = { fcpMs: 1_200, lcpMs: 2_000, tbtMs: 200, cls: 0.05, score: 90 };

interface Figures {
  score: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  /** ownCpuBlocking.ts: not judged. */
  ownCpuTbtMs: number;
  cls: number;
  bytes: number;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.ceil(sorted.length / 2) - 1]!;
}

async function audit(url: string, port: number, reportName: string): Promise<Figures> {
  // No config: Lighthouse's default is the mobile preset with simulated throttling. Every run is a first visit: by
  // default Lighthouse keeps an origin's IndexedDB, local storage and cookies between runs, so each run after the
  // first opened the app with the mirror the first had synced, and warned of it ('stored data ... IndexedDB').
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance'],
    clearStorageTypes: ['all'],
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  if (result.lhr.runWarnings.some((warning) => warning.includes('stored data')))
    throw new Error(`Lighthouse found stored data at ${url}: not a first visit`);
  const { audits, categories, runtimeError } = result.lhr;
  if (REPORTS) {
    await mkdir(REPORTS, { recursive: true });
    await writeFile(join(REPORTS, `${reportName}.json`), String(result.report));
  }
  if (runtimeError) throw new Error(`Lighthouse failed on ${url}: ${runtimeError.code} ${runtimeError.message}`);
  const value = (id: string) => {
    const v = audits[id]?.numericValue;
    if (v === undefined) throw new Error(`Lighthouse measured no ${id} on ${url}`);
    return v;
  };
  return {
    score: Math.round((categories.performance?.score ?? 0) * 100),
    fcpMs: value('first-contentful-paint'),
    lcpMs: value('largest-contentful-paint'),
    tbtMs: value('total-blocking-time'),
    ownCpuTbtMs: ownCpuBlockingMs(result.artifacts.Trace.traceEvents as TraceEvent[]),
    cls: value('cumulative-layout-shift'),
    bytes: value('total-byte-weight'),
  };
}

/** On a loaded machine a DevTools call now and then outlasts Lighthouse's timeout: such a run is run again. */
async function auditOnce(url: string, port: number, reportName: string): Promise<Figures> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await audit(url, port, reportName);
    } catch (error) {
      if (attempt === 3) throw error;
      console.warn(`Lighthouse run ${attempt} on ${url} failed, running it again:`, String(error));
    }
  }
}

function missed(f: Figures): string[] {
  const out: string[] = [];
  if (f.fcpMs > GOALS.fcpMs) out.push('FCP');
  if (f.lcpMs > GOALS.lcpMs) out.push('LCP');
  if (f.tbtMs > GOALS.tbtMs) out.push('TBT');
  if (f.cls > GOALS.cls) out.push('CLS');
  if (f.score < GOALS.score) out.push('score');
  return out;
}

export interface LighthouseOptions {
  /** Runs per page. */
  runs?: number;
  /** The pages audited, by name; all of them when left out. */
  pages?: string[];
}

export async function benchLighthouse({ runs: runCount = RUNS, pages }: LighthouseOptions = {}) {
  const outDir = await builtApp();
  await writeFile(join(outDir, FLOOR_FILE), FLOOR_HTML);
  const storageDir = await mkdtemp(join(tmpdir(), 'guap-bench-lighthouse-storage-'));
  const db = await openMigratedPglite('seeded');
  const stack = await startStack({ db, jwtSecret: randomJwtSecret(), storageDir, staticDir: outDir });
  // As a long-running `npm start` has them: every text file compressed once, before the first visit.
  await stack.staticPrecompressed;
  const chrome = await launch({ chromePath: '/usr/bin/chromium', chromeFlags: CHROMIUM_ARGS });
  try {
    const rows: (string | number)[][] = [];
    let allMet = true;
    const loadBefore = loadavg()[0]!.toFixed(1);
    for (const { name, path, file } of PAGES.filter((p) => !pages || pages.includes(p.name))) {
      const runs: Figures[] = [];
      for (let i = 0; i < runCount; i++)
        runs.push(await auditOnce(`${stack.url}${path}`, chrome.port, `${file}-${i + 1}`));
      const f: Figures = {
        score: median(runs.map((r) => r.score)),
        fcpMs: median(runs.map((r) => r.fcpMs)),
        lcpMs: median(runs.map((r) => r.lcpMs)),
        tbtMs: median(runs.map((r) => r.tbtMs)),
        ownCpuTbtMs: median(runs.map((r) => r.ownCpuTbtMs)),
        cls: median(runs.map((r) => r.cls)),
        bytes: median(runs.map((r) => r.bytes)),
      };
      const floor = name === FLOOR_NAME;
      const misses = missed(f);
      if (!floor) allMet &&= misses.length === 0;
      rows.push([
        name,
        String(f.score),
        (f.fcpMs / 1000).toFixed(2),
        (f.lcpMs / 1000).toFixed(2),
        String(Math.round(f.tbtMs)),
        String(Math.round(f.ownCpuTbtMs)),
        f.cls.toFixed(3),
        String(Math.round(f.bytes / 1024)),
        floor ? 'not judged' : misses.length ? `NOT met: ${misses.join(', ')}` : 'met',
      ]);
    }
    printTable(
      `Lighthouse mobile (simulated throttling), first visit, median of ${runCount} runs per page. Goals: FCP <= ` +
        `${GOALS.fcpMs / 1000} s, LCP <= ${GOALS.lcpMs / 1000} s, TBT <= ${GOALS.tbtMs} ms, CLS <= ${GOALS.cls}, ` +
        `score >= ${GOALS.score}. ` +
        `"TBT from own CPU" (not judged): the same sum over the page's tasks after FCP from their thread time, not ` +
        `their wall time (bench/ownCpuBlocking.ts). ` +
        `Anchor: meta.discourse.org mobile FCP 3.3 s. Load average ${loadBefore} before, ${loadavg()[0]!.toFixed(1)} after`,
      ['page', 'score', 'FCP s', 'LCP s', 'TBT ms', 'TBT from own CPU ms', 'CLS', 'transferred KiB', 'goals'],
      rows,
    );
    console.log(allMet ? 'Lighthouse goals met.' : 'Lighthouse goals NOT met.');
  } finally {
    chrome.kill();
    await stack.close();
    await db.close();
    await rm(storageDir, { recursive: true, force: true });
  }
}
