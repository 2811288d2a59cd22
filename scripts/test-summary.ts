// Ends `npm test`: a table of each phase's seconds (from scripts/test.sh's phases file), then one closing line for the
// whole suite, 'N passed, N failed', from the vitest runs' and Playwright's JSON reports.
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

/** Each phase's seconds, from lines of 'name<TAB>epoch seconds' ending with the line 'end'. */
async function printPhases(path: string | undefined) {
  if (!path) return;
  const marks = (await readFile(path, 'utf8'))
    .trim()
    .split('\n')
    .map((line) => line.split('\t') as [string, string]);
  const rows = marks.slice(0, -1).map(([name, start], i) => [name, Number(marks[i + 1]![1]) - Number(start)] as const);
  const total = Number(marks.at(-1)![1]) - Number(marks[0]![1]);
  const width = Math.max(...rows.map(([name]) => name.length), 'total'.length);
  console.log('\nSeconds by phase:');
  for (const [name, seconds] of [...rows, ['total', total] as const]) {
    console.log(`  ${name.padEnd(width)}  ${String(seconds).padStart(5)}`);
  }
}

// The phases file first, then the reports: the last is Playwright's, every one before it a vitest run.
const [phasesPath, ...paths] = process.argv.slice(2);
await printPhases(phasesPath);
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
