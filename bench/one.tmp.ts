import { BENCHES } from './benches.ts';
const name = process.argv[2]!;
const bench = BENCHES.find((b) => b.name === name);
if (!bench) throw new Error(`no bench ${name}: ${BENCHES.map((b) => b.name).join(', ')}`);
await bench.run();
process.exit(0);
