// Latency statistics and table printing shared by the benchmarks.
export interface Sample {
  p50: number;
  p95: number;
  p99: number;
  rps: number;
}

function percentile(sorted: number[], p: number): number {
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i]!;
}

/** Runs `op` `total` times with `concurrency` in flight; returns latency percentiles (ms) and throughput. */
export async function measure(op: () => Promise<unknown>, total: number, concurrency: number): Promise<Sample> {
  const latencies: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) {
        next += 1;
        const t0 = performance.now();
        await op();
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const elapsed = performance.now() - started;
  latencies.sort((a, b) => a - b);
  return {
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    rps: (total / elapsed) * 1000,
  };
}

export function printTable(title: string, header: string[], rows: (string | number)[][]) {
  const cells = [header, ...rows.map((r) => r.map((c) => (typeof c === 'number' ? c.toFixed(2) : c)))];
  const widths = header.map((_, i) => Math.max(...cells.map((r) => String(r[i]).length)));
  const line = (r: (string | number)[]) => '| ' + r.map((c, i) => String(c).padEnd(widths[i]!)).join(' | ') + ' |';
  console.log(`\n${title}\n`);
  console.log(line(cells[0]!));
  console.log('| ' + widths.map((w) => '-'.repeat(w)).join(' | ') + ' |');
  for (const r of cells.slice(1)) console.log(line(r));
}
