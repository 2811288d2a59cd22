// Which benches `npm run bench -- NAME...` runs: every one without names, else those named (as benches.ts names them,
// in any case), in the order given.

/** A name that is no bench: its message lists the names there are. */
export class UnknownBench extends Error {}

export function pickBenches<B extends { name: string }>(all: readonly B[], names: readonly string[]): B[] {
  if (names.length === 0) return [...all];
  return names.map((name) => {
    const bench = all.find((b) => b.name.toLowerCase() === name.trim().toLowerCase());
    if (!bench) throw new UnknownBench(`No bench is named "${name}". Benches: ${all.map((b) => b.name).join(', ')}`);
    return bench;
  });
}
