// Generates a large forum straight in the database for the benchmarks: members, threads and posts. The replies go in
// a batch at a time with the reply notifications' trigger off: with it, each of 100,000 replies notified every
// earlier replier of its thread, one statement ran PGlite out of memory, and none of the benches reads notifications.
import type { Db } from '../supabase/local/db.ts';

/** Replies written per statement. */
const REPLY_BATCH = 5_000;

/** Adds `threads` threads and `posts` posts (each thread gets its opening post) by 100 generated members. */
export async function generateForum(db: Db, threads: number, posts: number) {
  await db.exec(`
    insert into auth.users (id, email, raw_user_meta_data, email_confirmed_at)
    select gen_random_uuid(), 'gen' || g || '@bench.test', jsonb_build_object('username', 'genmember' || g), now()
    from generate_series(1, 100) g;
  `);
  await db.query(
    `insert into public.threads (slug, title, category_id, author_id, created_at)
     select 'generated-thread-' || g, 'Generated thread number ' || g,
            (select array_agg(id) from public.categories)[1 + g % (select count(*) from public.categories)],
            (select array_agg(id) from public.profiles)[1 + g % (select count(*) from public.profiles)],
            now() - make_interval(mins => g)
     from generate_series(1, $1::int) g`,
    [threads],
  );
  await db.query(
    `with t as (select id, author_id, row_number() over (order by id) as n from public.threads)
     insert into public.posts (thread_id, author_id, content, type, is_first_post)
     select t.id, t.author_id, 'Opening post of a generated thread, long enough to pass the checks.', 'thread', true
     from t where not exists (select 1 from public.posts p where p.thread_id = t.id and p.type = 'thread')`,
  );
  const existing = (await db.query<{ n: number }>('select count(*)::int as n from public.posts')).rows[0]!.n;
  await db.exec('alter table public.posts disable trigger notify_post');
  try {
    for (let from = 1; from <= posts - existing; from += REPLY_BATCH) {
      await db.query(
        `with t as (select array_agg(id) as ids, count(*) as n from public.threads),
              p as (select array_agg(id) as ids, count(*) as n from public.profiles)
         insert into public.posts (thread_id, author_id, content, type)
         select t.ids[1 + (g * 7919) % t.n], p.ids[1 + g % p.n], 'Generated reply ' || g || ': ' || repeat('GUAPX ', 20),
                'reply'
         from generate_series($1::int, $2::int) g, t, p`,
        [from, Math.min(posts - existing, from + REPLY_BATCH - 1)],
      );
    }
  } finally {
    await db.exec('alter table public.posts enable trigger notify_post');
  }
}
