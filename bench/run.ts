// `npm run bench`: runs every benchmark (bench/benches.ts), or those named (`npm run bench -- bundle "live paint"`),
// and prints its table with each goal met or not, and how long it took. Budgets live here, never in timed test
// assertions.
import '../supabase/local/noRealtimeSocket.ts';
import { BENCHES } from './benches.ts';
import { pickBenches, UnknownBench } from './pick.ts';

const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`;

try {
  const benches = pickBenches(BENCHES, process.argv.slice(2));
  const started = performance.now();
  for (const bench of benches) {
    console.log(`\n== bench: ${bench.name}`);
    const began = performance.now();
    await bench.run();
    console.log(`== ${bench.name}: ran in ${seconds(began)}`);
  }
  console.log(`\n== ${benches.length} benches ran in ${seconds(started)}`);
} catch (error) {
  if (!(error instanceof UnknownBench)) throw error;
  console.error(error.message);
  process.exitCode = 2;
}
