// A visitor's runaway query on the local stack (PGlite): when its statement timeout stops it, and what others wait.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from '@supabase/supabase-js';
import { randomJwtSecret } from '../supabase/local/secret.ts';
import { openMigratedPglite } from '../tests/support/migratedDatabase.ts';
import { startStack } from '../supabase/local/server.ts';
import { printTable } from './stats.ts';

// Counts for hours: a statement only its timeout stops. (The regex filter that this bench first sent is now
// refused for visitors before it runs: fairness.test.ts.)
const RUNAWAY = `
create function public.bench_runaway() returns bigint language sql stable as $$
  with recursive r(n) as (select 1::bigint union all select n + 1 from r where n < 1000000000000) select count(*) from r
$$;
grant execute on function public.bench_runaway() to anon;`;

export async function benchRunaway() {
  const dir = await mkdtemp(join(tmpdir(), 'guap-bench-runaway-'));
  await writeFile(join(dir, 'index.html'), '<!doctype html><title>GuapCoin Forum</title>');
  const db = await openMigratedPglite('seeded');
  await db.exec(RUNAWAY);
  const stack = await startStack({ db, jwtSecret: randomJwtSecret(), storageDir: dir, staticDir: dir });
  try {
    const client = createClient(stack.url, stack.anonKey, { auth: { persistSession: false } });
    const started = performance.now();
    let done = false;
    // Settles with its answer, never rejects: it is awaited only after the loop below, and a rejection left that long
    // would end the process instead of failing this bench.
    const slow = Promise.resolve(client.rpc('bench_runaway')).then(({ error }) => {
      done = true;
      return { error, ms: performance.now() - started };
    });
    const staticLatencies: number[] = [];
    let read: Promise<number> | undefined;
    while (!done) {
      const t0 = performance.now();
      if (!read && t0 - started > 1000) {
        read = Promise.resolve(client.from('categories').select('id')).then(() => performance.now() - t0);
      }
      await fetch(`${stack.url}/index.html`);
      staticLatencies.push(performance.now() - t0);
    }
    const { error, ms: stoppedAfter } = await slow;
    if (error?.code !== '57014') throw new Error(`expected a statement timeout, got ${error?.message}`);
    const readWaited = read ? await read : 0;
    staticLatencies.sort((a, b) => a - b);
    printTable(
      'A runaway anon query on PGlite: stopped by its 3 s statement timeout (ms)',
      ['57014 after', 'read sent at 1 s answered after', 'static reads meanwhile', 'static p50', 'static max'],
      [
        [
          stoppedAfter,
          readWaited,
          staticLatencies.length,
          staticLatencies[Math.floor(staticLatencies.length / 2)] ?? 0,
          staticLatencies.at(-1) ?? 0,
        ],
      ],
    );
  } finally {
    await stack.close();
    await db.close();
    await rm(dir, { recursive: true, force: true });
  }
}
