// Local stack latency: two of the app's hot reads over HTTP (supabase-js), beside the same reads run directly on the database.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from '@supabase/supabase-js';
import { openMigratedPglite } from '../tests/support/migratedDatabase.ts';
import { randomJwtSecret } from '../supabase/local/secret.ts';
import { startStack } from '../supabase/local/server.ts';
import { measure, printTable } from './stats.ts';

export interface LocalStackOptions {
  /** Requests per case and concurrency. */
  requests: number;
}

const DEFAULTS: LocalStackOptions = { requests: 400 };

const LATEST_THREADS_SQL = `
  select t.id, t.slug, t.title, t.is_pinned, t.is_locked, t.is_ad, t.view_count, t.reply_count, t.last_reply_at,
         t.created_at,
         json_build_object('name', c.name, 'slug', c.slug, 'color', c.color, 'type', c.type) as category,
         json_build_object('username', p.username, 'avatar_url', p.avatar_url, 'role', p.role) as author
  from public.threads t
  left join public.categories c on c.id = t.category_id
  left join public.profiles p on p.id = t.author_id
  order by t.created_at desc limit 10`;

const THREAD_POSTS_SQL = `
  select po.*, json_build_object('id', p.id, 'username', p.username, 'avatar_url', p.avatar_url, 'role', p.role) as author
  from public.posts po left join public.profiles p on p.id = po.author_id
  where po.thread_id = $1 order by po.created_at asc`;

export async function benchLocalStack(options: Partial<LocalStackOptions> = {}) {
  const { requests } = { ...DEFAULTS, ...options };
  const storageDir = await mkdtemp(join(tmpdir(), 'guap-bench-'));
  const db = await openMigratedPglite('seeded');
  const stack = await startStack({ db, jwtSecret: randomJwtSecret(), storageDir });
  try {
    const thread = (
      await db.query<{ id: string; author_id: string }>(
        'select id, author_id from public.threads order by created_at desc limit 1',
      )
    ).rows[0]!;
    // Grow one thread to 200 posts, the size the benchmark names.
    await db.query(
      `insert into public.posts (thread_id, author_id, content, type, is_first_post)
       select $1, $2, 'Benchmark reply number ' || g || ' with enough text to be realistic.', 'reply', false
       from generate_series(1, 200 - (select count(*) from public.posts where thread_id = $1)) g`,
      [thread.id, thread.author_id],
    );
    const client = createClient(stack.url, stack.anonKey, { auth: { persistSession: false } });
    const cases = [
      {
        name: 'latest threads with category and author',
        http: async () => {
          const { error } = await client
            .from('threads')
            .select(
              'id,slug,title,is_pinned,is_locked,is_ad,view_count,reply_count,last_reply_at,created_at,category:categories(name,slug,color,type),author:profiles!author_id(username,avatar_url,role)',
            )
            .order('created_at', { ascending: false })
            .limit(10);
          if (error) throw new Error(error.message);
        },
        direct: () => db.query(LATEST_THREADS_SQL),
      },
      {
        name: 'posts of a 200-post thread with authors',
        http: async () => {
          const { data, error } = await client
            .from('posts')
            .select('*, author:profiles!author_id(id,username,avatar_url,role)')
            .eq('thread_id', thread.id)
            .order('created_at', { ascending: true });
          if (error || !data || data.length < 200) throw new Error(error?.message ?? `only ${data?.length} posts`);
        },
        direct: () => db.query(THREAD_POSTS_SQL, [thread.id]),
      },
    ];
    const rows: (string | number)[][] = [];
    for (const c of cases) {
      for (const concurrency of [1, 16]) {
        await measure(c.http, 40, concurrency); // warm-up
        const http = await measure(c.http, requests, concurrency);
        const direct = await measure(c.direct, requests, concurrency);
        rows.push([
          c.name,
          concurrency,
          http.p50,
          http.p99,
          Math.round(http.rps),
          direct.p50,
          direct.p99,
          Math.round(direct.rps),
          `${(http.p50 / direct.p50).toFixed(2)}x`,
        ]);
      }
    }
    printTable(
      `Local stack over HTTP (supabase-js, anon) vs. the same query on the database directly (PGlite, ${requests} requests each; ms)`,
      ['query', 'conc.', 'http p50', 'http p99', 'http rps', 'direct p50', 'direct p99', 'direct rps', 'p50 ratio'],
      rows,
    );
  } finally {
    await stack.close();
    await db.close();
    await rm(storageDir, { recursive: true, force: true });
  }
}
