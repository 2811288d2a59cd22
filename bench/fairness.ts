// One client cannot make PGlite unusable for others: a visitor's thread-list read, p50 and p95, while members post
// and anonymous attackers loop the slowest requests they can send: costly filters from 1 or 4 addresses, and the
// three-level embed whose rows multiply from 1 address, 4, or a new address for each request; and, last, the members
// posting back to back, which gives the writes a second the database keeps up with. On PostgreSQL when DATABASE_URL
// is set (the README's numbers for moving a community off PGlite), else on PGlite.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { THREAD_COLUMNS } from '../src/data/columns.ts';
import { parseRoleTimeouts, PGLITE_STATEMENT_TIMEOUTS } from '../supabase/local/env.ts';
import { liftPostRateLimits } from '../supabase/local/postRateLimits.ts';
import { randomJwtSecret } from '../supabase/local/secret.ts';
import { startStack, type Stack } from '../supabase/local/server.ts';
import { openPostgres, type Db } from '../supabase/local/db.ts';
import { createMigratedPostgres, openMigratedPglite, withAdmin } from '../tests/support/migratedDatabase.ts';
import { printTable } from './stats.ts';

/** The regex (now a 400) and a leading-wildcard ilike at the wildcard bound, in turn. */
const FILTERS: Attack = (c, i) =>
  i % 2 === 0
    ? c.from('posts').select('id').filter('content', 'match', '(.*)(.*)(.*)(.*)(.*)\\5\\4\\3\\2\\1x')
    : c.from('posts').select('id').ilike('content', '%e%a%o%x%');

/** Each thread's posts, each post's thread, and that thread's posts again: rows multiply by a thread's length. */
const HOSTILE_EMBED: Attack = (c) =>
  c.from('threads').select('id,posts(id,thread:threads(posts(content)))').limit(1000);

/** The `i`th request of an attacker. */
type Attack = (client: SupabaseClient, i: number) => PromiseLike<unknown>;

interface Scenario {
  name: string;
  attack?: Attack;
  /** Attackers looping at once. */
  attackers: number;
  /** Each request from an address never seen before. */
  rotating?: boolean;
  /** The visitor's p95 must stay under this (ms); none for the baseline. */
  goalP95Ms?: number;
  /** The members post back to back rather than once a second each. */
  flatOut?: boolean;
}

const SCENARIOS: Scenario[] = [
  { name: 'none', attackers: 0 },
  { name: 'costly filters, 1 address', attack: FILTERS, attackers: 1, goalP95Ms: 1000 },
  { name: 'costly filters, 4 addresses', attack: FILTERS, attackers: 4, goalP95Ms: 2000 },
  { name: 'hostile embed, 1 address', attack: HOSTILE_EMBED, attackers: 1, goalP95Ms: 2000 },
  { name: 'hostile embed, 4 addresses', attack: HOSTILE_EMBED, attackers: 4, goalP95Ms: 2000 },
  { name: 'hostile embed, new address each', attack: HOSTILE_EMBED, attackers: 4, rotating: true, goalP95Ms: 2000 },
  { name: 'members posting back to back', attackers: 0, flatOut: true },
];

/** A seeded database: on the PostgreSQL server of DATABASE_URL when set, else PGlite. */
async function openDb(): Promise<{ db: Db; drop: () => Promise<void> }> {
  const url = process.env.DATABASE_URL;
  if (!url) return { db: await openMigratedPglite('seeded'), drop: async () => undefined };
  const name = `guap_bench_fairness_${process.pid}`;
  const db = await openPostgres(await createMigratedPostgres(url, name, 'seeded'));
  const drop = () => withAdmin(url, (a) => a.query(`drop database if exists ${name} with (force)`)).then(() => {});
  return { db, drop };
}

interface Options {
  /** How long the visitor reads in each row. */
  seconds: number;
  /** Members replying, each once a second. */
  writers: number;
  /** Posts added to the seed, so that a scan of posts costs what a live forum's does. */
  posts: number;
}

/** A client whose requests come from its own address (the stack believes a loopback proxy's X-Forwarded-For). */
function clientAt(stack: Stack, address: string, key = stack.anonKey): SupabaseClient {
  return createClient(stack.url, key, {
    auth: { persistSession: false, autoRefreshToken: false },
    global: { headers: { 'x-forwarded-for': address } },
  });
}

async function signedInWriter(stack: Stack, n: number): Promise<{ client: SupabaseClient; id: string }> {
  const client = clientAt(stack, `10.1.0.${n}`);
  const email = `fairness-writer-${n}@example.test`;
  const { data, error } = await client.auth.signUp({
    email,
    password: 'correct-horse-7',
    options: { data: { username: `writer${n}` } },
  });
  if (error || !data.user) throw new Error(`sign-up failed: ${error?.message}`);
  await stack.ctx.db.query('update auth.users set email_confirmed_at = now() where id = $1', [data.user.id]);
  const signIn = await client.auth.signInWithPassword({ email, password: 'correct-horse-7' });
  if (signIn.error) throw new Error(`sign-in failed: ${signIn.error.message}`);
  return { client, id: data.user.id };
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;

export async function benchFairness(options: Options = { seconds: 10, writers: 5, posts: 5_000 }) {
  const dir = await mkdtemp(join(tmpdir(), 'guap-bench-fairness-'));
  const { db, drop } = await openDb();
  await liftPostRateLimits(db);
  await db.query(
    `insert into public.posts (thread_id, author_id, content)
     select t.id, t.author_id, 'the quick brown fox jumps over the lazy dog, reply ' || g
     from (select id, author_id from public.threads order by created_at limit 1) t, generate_series(1, $1::int) g`,
    [options.posts],
  );
  const stack = await startStack({
    db,
    jwtSecret: randomJwtSecret(),
    storageDir: dir,
    passwordHashCost: 4,
    trustProxy: 'loopback',
    pgliteStatementTimeouts: parseRoleTimeouts(PGLITE_STATEMENT_TIMEOUTS),
  });
  try {
    const threads = await db.query<{ id: string; category_id: string }>(
      'select id, category_id from public.threads limit 1',
    );
    const { id: threadId, category_id: categoryId } = threads.rows[0]!;
    const writers = [];
    for (let n = 1; n <= options.writers; n++) writers.push(await signedInWriter(stack, n));
    const visitor = clientAt(stack, '10.2.0.1');
    const rows: Array<Array<string | number>> = [];
    let fresh = 0;
    for (const scenario of SCENARIOS) {
      let running = true;
      const loops: Promise<void>[] = [];
      for (let a = 0; a < scenario.attackers; a++) {
        const fixed = clientAt(stack, `10.3.0.${a + 1}`);
        loops.push(
          (async () => {
            while (running) {
              fresh += 1;
              const attacker = scenario.rotating ? clientAt(stack, `10.4.${fresh >> 8}.${fresh & 255}`) : fixed;
              await scenario.attack!(attacker, fresh);
            }
          })(),
        );
      }
      let writes = 0;
      const startedAt = performance.now();
      for (const [n, writer] of writers.entries()) {
        loops.push(
          (async () => {
            for (let i = 0; running; i++) {
              const sentAt = performance.now();
              const { error } = await writer.client
                .from('posts')
                .insert({ thread_id: threadId, author_id: writer.id, content: `Reply ${n}.${i}` });
              if (!error) writes += 1;
              if (scenario.flatOut) continue;
              await new Promise((r) => setTimeout(r, Math.max(0, 1000 - (performance.now() - sentAt))));
            }
          })(),
        );
      }
      const latencies: number[] = [];
      const until = performance.now() + options.seconds * 1000;
      while (performance.now() < until) {
        const sentAt = performance.now();
        const { error } = await visitor
          .from('threads')
          .select(THREAD_COLUMNS)
          .eq('category_id', categoryId)
          .order('last_reply_at', { ascending: false, nullsFirst: false })
          .limit(20);
        if (error) throw new Error(`the visitor's read failed: ${error.message}`);
        latencies.push(performance.now() - sentAt);
      }
      running = false;
      const writesPerS = writes / ((performance.now() - startedAt) / 1000);
      await Promise.all(loops);
      latencies.sort((x, y) => x - y);
      // Counts as text: the table prints numbers with two decimals.
      const p95 = percentile(latencies, 0.95);
      const goal = scenario.goalP95Ms;
      rows.push([
        scenario.name,
        String(latencies.length),
        percentile(latencies, 0.5),
        p95,
        writesPerS,
        goal === undefined ? '-' : `p95 < ${goal / 1000} s: ${p95 < goal ? 'met' : 'NOT met'}`,
      ]);
    }
    printTable(
      `A visitor's thread-list read on ${db.kind === 'pglite' ? 'PGlite' : 'PostgreSQL'} (ms), ${options.writers} members` +
        ` replying (writes a second), ${options.posts} posts added, attackers looping`,
      ['attack', 'reads', 'p50', 'p95', 'writes/s', 'goal'],
      rows,
    );
  } finally {
    await stack.close();
    await db.close();
    await drop();
    await rm(dir, { recursive: true, force: true });
  }
}
