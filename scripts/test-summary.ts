// Prints one closing line for the whole suite, 'N passed, N failed', from the vitest runs' and Playwright's JSON reports.
import { readFile } from 'node:fs/promises';

interface Counts {
  passed: number;
  failed: number;
  skipped: number;
}

async function readJson(path: string | undefined): Promise<unknown> {
  if (!path) return undefined;
  try {
    return JSON.parse(await readFile(path, 'utf8'));
  } catch {
    return undefined;
  }
}

function vitestCounts(report: unknown): Counts {
  const r = report as { numPassedTests?: number; numFailedTests?: number; numPendingTests?: number } | undefined;
  return { passed: r?.numPassedTests ?? 0, failed: r?.numFailedTests ?? 0, skipped: r?.numPendingTests ?? 0 };
}

function playwrightCounts(report: unknown): Counts {
  const s = (report as { stats?: { expected?: number; unexpected?: number; flaky?: number; skipped?: number } })?.stats;
  return { passed: (s?.expected ?? 0) + (s?.flaky ?? 0), failed: s?.unexpected ?? 0, skipped: s?.skipped ?? 0 };
}

// The last report is Playwright's; every one before it is a vitest run.
const paths = process.argv.slice(2);
const playwrightPath = paths.pop();
const parts = [
  ...(await Promise.all(paths.map(async (p) => vitestCounts(await readJson(p))))),
  playwrightCounts(await readJson(playwrightPath)),
];
const total = parts.reduce((a, b) => ({
  passed: a.passed + b.passed,
  failed: a.failed + b.failed,
  skipped: a.skipped + b.skipped,
}));
console.log(`${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);
