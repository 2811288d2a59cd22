// The review queue's read at /review with 10,000 pending items among 100,000 members: review_queue() through the
// local stack's REST endpoint as an admin, as the screen calls it (supabase-js rpc): the first page by score with
// each flag that explains its score, a later page (keyset), and the decided items (a status filter). On PostgreSQL
// (DATABASE_URL, the hosted shape), else on PGlite. Goal: p95 under 200 ms.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openPostgres, type Db } from '../supabase/local/db.ts';
import { randomJwtSecret } from '../supabase/local/secret.ts';
import { startStack } from '../supabase/local/server.ts';
import { createMigratedPostgres, openMigratedPglite, withAdmin } from '../tests/support/migratedDatabase.ts';
import { memberClient } from './memberClient.ts';
import { measure, printTable } from './stats.ts';

export interface ReviewQueueOptions {
  members: number;
  /** Pending items: 80% flagged posts (3 flags each), 15% held posts, 5% silenced members. */
  pending: number;
  /** Items decided already, which the pending read must skip. */
  decided: number;
  /** Calls per case; REVIEW_QUEUE_RUNS overrides the default for a quick look. */
  runs: number;
}

const DEFAULTS: ReviewQueueOptions = {
  members: 100_000,
  pending: 10_000,
  decided: 10_000,
  runs: Number(process.env.REVIEW_QUEUE_RUNS ?? 200),
};
const GOAL_MS = 200;
const BATCH = 10_000;
const REASONS = ['spam', 'abusive', 'off_topic', 'illegal', 'something_else'];

interface Item {
  id: string;
  score: number;
  flags: unknown[];
}

async function openDb(): Promise<{ db: Db; drop: () => Promise<void> }> {
  const url = process.env.DATABASE_URL;
  if (!url) return { db: await openMigratedPglite('seeded'), drop: async () => undefined };
  const name = `guap_bench_review_${process.pid}`;
  const db = await openPostgres(await createMigratedPostgres(url, name, 'seeded'));
  const drop = () => withAdmin(url, (a) => a.query(`drop database if exists ${name} with (force)`)).then(() => {});
  return { db, drop };
}

/** Members through auth.users (the sign-up trigger makes their profiles), set-based in batches. */
async function generateMembers(db: Db, members: number) {
  for (let from = 1; from <= members; from += BATCH) {
    await db.query(
      `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
         confirmation_token, recovery_token, email_change_token_new, email_change, raw_app_meta_data,
         raw_user_meta_data, created_at, updated_at)
       select '00000000-0000-0000-0000-000000000000', gen_random_uuid(), 'authenticated', 'authenticated',
         'queue' || n || '@bench.test', '', now(), '', '', '', '', '{"provider": "email", "providers": ["email"]}',
         jsonb_build_object('username', 'queue_member_' || n), now() - make_interval(mins => n * 15), now()
       from generate_series($1::int, $2::int) as n`,
      [from, Math.min(from + BATCH - 1, members)],
    );
  }
}

/**
 * Threads, posts, flags, holds and items, set-based in one transaction with triggers off (as a restore would), so
 * that the rows are exactly these: one post per item, a thread per 10 posts, 3 flags from distinct members on each
 * flagged post with the item's score their sum.
 */
async function generateQueue(db: Db, { pending, decided }: ReviewQueueOptions) {
  const posts = pending + decided;
  const flagged = Math.floor(pending * 0.8);
  const held = Math.floor(pending * 0.15);
  await db.transaction(async (tx) => {
    await tx.exec('set local session_replication_role = replica');
    await tx.exec(`create temp table bench_members on commit drop as
      select id, (row_number() over (order by id))::int as n from public.profiles where role = 'user'`);
    await tx.exec(`create temp table bench_categories on commit drop as
      select id, (row_number() over (order by id))::int as n from public.categories`);
    await tx.query(
      `insert into public.threads (slug, title, category_id, author_id, created_at)
       select 'queue-bench-' || t, 'Queue bench thread ' || t,
         (select c.id from bench_categories c where c.n = 1 + t % (select count(*) from bench_categories)),
         m.id, now() - make_interval(hours => t)
       from generate_series(1, $1::int) t join bench_members m on m.n = t`,
      [Math.ceil(posts / 10)],
    );
    await tx.exec(`create temp table bench_threads on commit drop as
      select id, (substring(slug from 13))::int as n from public.threads where slug like 'queue-bench-%'`);
    await tx.query(
      `create temp table bench_posts on commit drop as
       select gen_random_uuid() as id, p as n, t.id as thread_id, m.id as author_id
       from generate_series(1, $1::int) p
       join bench_threads t on t.n = 1 + (p - 1) / 10
       join bench_members m on m.n = 1 + (p * 7) % (select count(*) from bench_members)`,
      [posts],
    );
    await tx.exec(`insert into public.posts (id, thread_id, post_number, author_id, content, created_at)
      select id, thread_id, 1 + (n - 1) % 10, author_id, 'Send your seed phrase to claim the giveaway, post ' || n,
        now() - make_interval(mins => n)
      from bench_posts`);
    // Flags on the flagged posts (pending) and on the decided ones; reporters are 3 members after the author.
    await tx.query(
      `insert into public.post_reports (post_id, reporter_id, reason, details, status, trust_level, score, created_at)
       select p.id, m.id, ($3::text[])[1 + (p.n + k) % 5], 'Bench flag ' || k,
         case when p.n <= $1 then 'open' else 'resolved' end, (p.n + k) % 4, 1 + (p.n + k) % 4,
         now() - make_interval(mins => p.n, secs => k)
       from bench_posts p cross join generate_series(1, 3) k
       join bench_members m on m.n = 1 + (p.n * 7 + k * 13) % (select count(*) from bench_members)
       where p.n <= $1 or p.n > $2`,
      [flagged, pending, REASONS],
    );
    await tx.query(
      `insert into public.reviewables (kind, post_id, target_user_id, status, score, reason, created_at)
       select case when p.n <= $1 then 'flagged_post' when p.n <= $1 + $2 then 'held_post' else 'flagged_post' end,
         p.id, p.author_id, case when p.n <= $3 then 'pending' else 'agreed' end,
         case when p.n <= $1 or p.n > $3
           then (select sum(f.score) from public.post_reports f where f.post_id = p.id) else 0 end,
         case when p.n > $1 and p.n <= $1 + $2 then 'A new member''s first post with 3 links' end,
         now() - make_interval(mins => p.n)
       from bench_posts p where p.n <= $1 + $2 or p.n > $3`,
      [flagged, held, pending],
    );
    await tx.query(
      `insert into public.post_holds (post_id, content) select id, 'Held bench post ' || n from bench_posts
       where n > $1 and n <= $1 + $2`,
      [flagged, held],
    );
    await tx.query(
      `insert into public.reviewables (kind, target_user_id, score, reason)
       select 'silenced_member', m.id, 3, 'Flagged as spam by 3 members' from bench_members m
       where m.n > $1 and m.n <= $1 + $2`,
      [posts, pending - flagged - held],
    );
  });
  await db.exec('analyze');
}

export async function benchReviewQueue(options: Partial<ReviewQueueOptions> = {}) {
  const sizes = { ...DEFAULTS, ...options };
  const storageDir = await mkdtemp(join(tmpdir(), 'guap-bench-review-'));
  const { db, drop } = await openDb();
  const generating = performance.now();
  await generateMembers(db, sizes.members);
  await generateQueue(db, sizes);
  const generatedS = (performance.now() - generating) / 1000;
  const stack = await startStack({ db, jwtSecret: randomJwtSecret(), storageDir });
  try {
    const adminId = (await db.query<{ id: string }>(`select id from public.profiles where role = 'admin' limit 1`))
      .rows[0]!.id;
    const client = await memberClient(stack, adminId);
    const call = async (args: Record<string, unknown>) => {
      const { data, error } = await client.rpc('review_queue', args);
      if (error) throw new Error(`review_queue failed: ${error.message}`);
      return data as Item[];
    };
    const pendingCount = (
      await db.query<{ n: string }>(`select count(*) as n from public.reviewables where status = 'pending'`)
    ).rows[0]!.n;
    let page = await call({});
    if (!page.some((item) => item.flags.length === 3)) throw new Error('The first page explains no score');
    // Page 11, or the last full page of a smaller queue.
    const skipped = Math.max(1, Math.min(10, Math.floor(Number(pendingCount) / 50) - 1));
    for (let i = 1; i < skipped; i += 1) {
      const last = page[page.length - 1]!;
      page = await call({ after_score: last.score, after_id: last.id });
    }
    const last = page[page.length - 1]!;
    const cases: [string, Record<string, unknown>][] = [
      ['pending, first page (50)', {}],
      ['pending, first page (100)', { max_rows: 100 }],
      [`pending, page ${skipped + 1} (keyset)`, { after_score: last.score, after_id: last.id }],
      ['agreed (status filter)', { with_status: 'agreed' }],
      ['ignored (none)', { with_status: 'ignored' }],
    ];
    const rows: (string | number)[][] = [];
    for (const [name, args] of cases) {
      const found = await call(args);
      const flags = found.reduce((sum, item) => sum + item.flags.length, 0);
      await measure(() => call(args), 10, 1); // warm-up
      const sample = await measure(() => call(args), sizes.runs, 1);
      rows.push([
        name,
        String(found.length),
        String(flags),
        sample.p50,
        sample.p95,
        sample.p95 < GOAL_MS ? 'met' : 'NOT met',
      ]);
    }
    printTable(
      `Review queue: review_queue() over REST as an admin, ${Number(pendingCount).toLocaleString('en')} pending and ` +
        `${sizes.decided.toLocaleString('en')} decided items, ${sizes.members.toLocaleString('en')} members ` +
        `(${db.kind === 'postgres' ? 'PostgreSQL' : 'PGlite'}, ${sizes.runs} calls each, generated in ` +
        `${generatedS.toFixed(0)} s)`,
      ['case', 'items', 'flags shown', 'p50 ms', 'p95 ms', `p95 < ${GOAL_MS} ms`],
      rows,
    );
  } finally {
    await stack.close();
    await db.close();
    await drop();
    await rm(storageDir, { recursive: true, force: true });
  }
}
