// The benchmarks as a smoke test, run by `npm test`: each one at tiny sizes, with no timing asserted. It fails only
// when a bench throws, so a bench that no longer runs against today's app is caught here rather than at the next
// `npm run bench`. Their tables still print: a glance shows each one ran to its end.
import '../supabase/local/noRealtimeSocket.ts';
import { BENCHES } from './benches.ts';

/** Far longer than any bench takes at its smoke size (a minute or less on a quiet machine): a bench past it hangs. */
const BENCH_LIMIT_MS = 10 * 60_000;

/** The bench's run, or an error once it has run past the limit, so that a hung bench fails `npm test`. */
function withinLimit(name: string, run: Promise<void>): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${name} ran past ${BENCH_LIMIT_MS / 60_000} minutes`)), BENCH_LIMIT_MS);
  });
  return Promise.race([run, limit]).finally(() => clearTimeout(timer));
}

const failed: string[] = [];
for (const bench of BENCHES) {
  console.log(`\n== bench smoke: ${bench.name}`);
  const started = performance.now();
  try {
    await withinLimit(bench.name, bench.smoke());
    console.log(`== ${bench.name}: ran in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  } catch (error) {
    failed.push(bench.name);
    console.error(`== ${bench.name}: FAILED`, error);
  }
}
if (failed.length) {
  console.error(`\nBench smoke test: ${failed.length} of ${BENCHES.length} failed: ${failed.join(', ')}`);
  // A bench past its limit may still hold its browser and server: the exit ends them.
  process.exit(1);
}
console.log(`\nBench smoke test: all ${BENCHES.length} benches ran.`);
