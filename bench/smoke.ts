// The benchmarks as a smoke test, run by `npm test`: each one at tiny sizes, with no timing asserted. It fails only
// when a bench throws, so a bench that no longer runs against today's app is caught here rather than at the next
// `npm run bench`. Their tables still print: a glance shows each one ran to its end.
import '../supabase/local/noRealtimeSocket.ts';
import { BENCHES } from './benches.ts';

const failed: string[] = [];
for (const bench of BENCHES) {
  console.log(`\n== bench smoke: ${bench.name}`);
  const started = performance.now();
  try {
    await bench.smoke();
    console.log(`== ${bench.name}: ran in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  } catch (error) {
    failed.push(bench.name);
    console.error(`== ${bench.name}: FAILED`, error);
  }
}
if (failed.length) {
  console.error(`\nBench smoke test: ${failed.length} of ${BENCHES.length} failed: ${failed.join(', ')}`);
  process.exit(1);
}
console.log(`\nBench smoke test: all ${BENCHES.length} benches ran.`);
