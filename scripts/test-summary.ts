// Ends `npm test`: a table of each phase's seconds (from scripts/test.sh's phases file), the failing tests with the first
// line of each error, then one closing line for the whole suite, 'N passed, N failed', from the vitest runs' and
// Playwright's JSON reports. The failures come last so that a log's tail names them.
import { readFile } from 'node:fs/promises';
import { relative } from 'node:path';
import { stripVTControlCharacters } from 'node:util';

interface Counts {
  passed: number;
  failed: number;
  skipped: number;
  failures: string[];
}

/** A failure as one line: where, which test, and the first line of its error. */
function failureLine(where: string, name: string, error: string | undefined) {
  const first =
    stripVTControlCharacters(error ?? '')
      .trim()
      .split('\n')[0] ?? '';
  return `${where} › ${name}${first ? `: ${first.slice(0, 200)}` : ''}`;
}

async function readJson(path: string | undefined): Promise<unknown> {
  if (!path) return undefined;
  try {
    return JSON.parse(await readFile(path, 'utf8'));
  } catch {
    return undefined;
  }
}

interface VitestReport {
  numPassedTests?: number;
  numFailedTests?: number;
  numPendingTests?: number;
  testResults?: {
    name: string;
    message?: string;
    assertionResults?: { fullName: string; status: string; failureMessages?: string[] }[];
  }[];
}

function vitestCounts(label: string, report: unknown): Counts {
  const r = report as VitestReport | undefined;
  const failures = (r?.testResults ?? []).flatMap((file) => {
    const where = `${label} ${relative(process.cwd(), file.name)}`;
    const failed = (file.assertionResults ?? []).filter((t) => t.status === 'failed');
    // A file that failed before any test ran (an import or a hook) has a message and no failed test.
    if (!failed.length && file.message) return [failureLine(where, '(the file)', file.message)];
    return failed.map((t) => failureLine(where, t.fullName, t.failureMessages?.[0]));
  });
  return {
    passed: r?.numPassedTests ?? 0,
    failed: r?.numFailedTests ?? 0,
    skipped: r?.numPendingTests ?? 0,
    failures,
  };
}

interface PlaywrightSuite {
  title: string;
  file?: string;
  suites?: PlaywrightSuite[];
  specs?: {
    title: string;
    line: number;
    tests: { projectName: string; status: string; results: { error?: { message?: string } }[] }[];
  }[];
}

function playwrightFailures(suite: PlaywrightSuite, file: string): string[] {
  const here = (suite.specs ?? []).flatMap((spec) =>
    spec.tests
      .filter((t) => t.status === 'unexpected')
      .map((t) => failureLine(`[${t.projectName}] ${file}:${spec.line}`, spec.title, t.results.at(-1)?.error?.message)),
  );
  return [...here, ...(suite.suites ?? []).flatMap((s) => playwrightFailures(s, s.file ?? file))];
}

function playwrightCounts(report: unknown): Counts {
  const r = report as
    | {
        stats?: { expected?: number; unexpected?: number; flaky?: number; skipped?: number };
        suites?: PlaywrightSuite[];
      }
    | undefined;
  const s = r?.stats;
  return {
    passed: (s?.expected ?? 0) + (s?.flaky ?? 0),
    failed: s?.unexpected ?? 0,
    skipped: s?.skipped ?? 0,
    failures: (r?.suites ?? []).flatMap((suite) => playwrightFailures(suite, suite.file ?? suite.title)),
  };
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
const vitestLabels = ['vitest', 'vitest on PostgreSQL'];
const parts = [
  ...(await Promise.all(paths.map(async (p, i) => vitestCounts(vitestLabels[i] ?? 'vitest', await readJson(p))))),
  playwrightCounts(await readJson(playwrightPath)),
];
const total = parts.reduce((a, b) => ({
  passed: a.passed + b.passed,
  failed: a.failed + b.failed,
  skipped: a.skipped + b.skipped,
  failures: [...a.failures, ...b.failures],
}));
if (total.failures.length) {
  console.log('\nFailing tests:');
  for (const line of total.failures) console.log(`  ${line}`);
}
console.log(`${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);
