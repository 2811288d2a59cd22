// Ends `npm test`: a table of each phase's seconds (from scripts/test.sh's phases file), the failing tests with the first
// line of each error, the test commands that failed with no failing test and why (an unhandled error, a crashed worker),
// then one closing line for the whole suite, 'N passed, N failed', from the vitest runs' and Playwright's JSON reports.
// The failures come last so that a log's tail names them; a browser test's also say where it stopped and what it was
// waiting for.
import { readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
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
    tests: { projectName: string; status: string; results: PlaywrightResult[] }[];
  }[];
}

interface PlaywrightError {
  message?: string;
  location?: { file: string; line: number };
}

interface PlaywrightResult {
  error?: PlaywrightError;
  errors?: PlaywrightError[];
}

/** Lines of a failed Playwright result's errors (a test timeout has more than one): the step each failed at, its first
 * line and its call log, so that a failure on CI, whose trace is not kept, still says what it was waiting for. */
function playwrightDetail(result: PlaywrightResult | undefined): string[] {
  return (result?.errors ?? []).flatMap(({ message, location }) => {
    if (!location) return [];
    const lines = stripVTControlCharacters(message ?? '').split('\n');
    const log = lines.indexOf('Call log:');
    const calls = log >= 0 ? lines.slice(log + 1, log + 5).filter((line) => line.trim().startsWith('- ')) : [];
    const at = `${relative(process.cwd(), location.file)}:${location.line}`;
    return [
      `    at ${at}: ${(lines[0] ?? '').slice(0, 200)}`,
      ...calls.map((line) => `      ${line.trim().slice(0, 200)}`),
    ];
  });
}

function playwrightFailures(suite: PlaywrightSuite, file: string): string[] {
  const here = (suite.specs ?? []).flatMap((spec) =>
    spec.tests
      .filter((t) => t.status === 'unexpected')
      .map((t) => {
        const last = t.results.at(-1);
        const line = failureLine(`[${t.projectName}] ${file}:${spec.line}`, spec.title, last?.error?.message);
        return [line, ...playwrightDetail(last)].join('\n');
      }),
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

/** Lines of 'name<TAB>value' in a file of scripts/test.sh's results folder. */
async function readTabbed(path: string) {
  return (await readFile(path, 'utf8'))
    .trim()
    .split('\n')
    .map((line) => line.split('\t') as [string, string]);
}

/** Each phase's seconds, from lines of 'name<TAB>epoch seconds' ending with the line 'end'. */
async function printPhases(path: string) {
  const marks = await readTabbed(path);
  const rows = marks.slice(0, -1).map(([name, start], i) => [name, Number(marks[i + 1]![1]) - Number(start)] as const);
  const total = Number(marks.at(-1)![1]) - Number(marks[0]![1]);
  const width = Math.max(...rows.map(([name]) => name.length), 'total'.length);
  console.log('\nSeconds by phase:');
  for (const [name, seconds] of [...rows, ['total', total] as const]) {
    console.log(`  ${name.padEnd(width)}  ${String(seconds).padStart(5)}`);
  }
}

/** Lines that say why a command failed: vitest's "Unhandled Errors" section when it has one, else its output's tail. */
function whyItFailed(output: string): string[] {
  const lines = stripVTControlCharacters(output).trimEnd().split('\n');
  const unhandled = lines.findIndex((line) => line.includes('Unhandled Error'));
  return unhandled >= 0 ? lines.slice(unhandled, unhandled + 60) : lines.slice(-25);
}

/**
 * The test commands that exited with an error although none of their tests failed, each with the lines that say why,
 * from the results folder's exits.tsv ('name<TAB>exit code') and each command's output in '<name>.out'.
 */
async function printSilentFailures(folder: string, failedTests: Map<string, number>) {
  const exits = await readTabbed(join(folder, 'exits.tsv'));
  for (const [name, code] of exits) {
    if (code === '0' || failedTests.get(name)) continue;
    const output = await readFile(join(folder, `${name}.out`), 'utf8');
    console.log(`\n${name} exited with ${code} with no failing test. Its output says:`);
    for (const line of whyItFailed(output)) console.log(`  ${line}`);
  }
}

// The results folder first, then the reports: the last is Playwright's, every one before it a vitest run.
const [resultsFolder, ...paths] = process.argv.slice(2);
if (!resultsFolder) throw new Error('usage: test-summary.ts RESULTS_FOLDER VITEST_JSON... PLAYWRIGHT_JSON');
await printPhases(join(resultsFolder, 'phases.tsv'));
const playwrightPath = paths.pop();
// The labels are scripts/test.sh's names for the commands.
const vitestLabels = ['vitest', 'vitest on PostgreSQL'];
const parts = [
  ...(await Promise.all(paths.map(async (p, i) => vitestCounts(vitestLabels[i] ?? 'vitest', await readJson(p))))),
  playwrightCounts(await readJson(playwrightPath)),
];
const failedByCommand = new Map([...vitestLabels, 'playwright'].map((name, i) => [name, parts[i]?.failed ?? 0]));
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
await printSilentFailures(resultsFolder, failedByCommand);
console.log(`${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);
