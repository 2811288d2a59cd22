// A visitor's runaway query on the local stack (PGlite): when its statement timeout stops it, and what others wait.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from '@supabase/supabase-js';
import { randomJwtSecret } from '../supabase/local/secret.ts';
import { openMigratedPglite } from '../tests/support/migratedDatabase.ts';
import { startStack } from '../supabase/local/server.ts';
import { printTable } from './stats.ts';

// Backtracks for minutes on a post that holds an "x" (issue 11).
const BACKTRACKING = '(.*)(.*)(.*)(.*)(.*)\\5\\4\\3\\2\\1x';

export async function benchRunaway() {
  const dir = await mkdtemp(join(tmpdir(), 'guap-bench-runaway-'));
  await writeFile(join(dir, 'index.html'), '<!doctype html><title>GuapCoin Forum</title>');
  const db = await openMigratedPglite('seeded');
  await db.query(
    `insert into public.posts (thread_id, author_id, content)
     select id, author_id, repeat('the quick brown fox jumps over the lazy dog ', 4) from public.threads limit 1`,
  );
  const stack = await startStack({ db, jwtSecret: randomJwtSecret(), storageDir: dir, staticDir: dir });
  try {
    const client = createClient(stack.url, stack.anonKey, { auth: { persistSession: false } });
    const started = performance.now();
    let done = false;
    const slow = Promise.resolve(client.from('posts').select('id').filter('content', 'match', BACKTRACKING)).then(
      ({ error }) => {
        done = true;
        if (error?.code !== '57014') throw new Error(`expected a statement timeout, got ${error?.message}`);
        return performance.now() - started;
      },
    );
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
    const stoppedAfter = await slow;
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
