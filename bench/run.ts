// `npm run bench`: runs every benchmark (bench/benches.ts) and prints its table. Budgets live here, never in timed
// test assertions.
import '../supabase/local/noRealtimeSocket.ts';
import { BENCHES } from './benches.ts';

for (const bench of BENCHES) await bench.run();
