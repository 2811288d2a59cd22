// Generates a large forum straight in the database for the benchmarks: members, threads and posts. The posts go in
// a batch at a time, and the work their per-row triggers do across rows (numbering, the threads' and authors'
// counters, the authors' read positions) is done once per batch, set-based: per row, each of 100,000 posts took about
// 4 ms on PGlite, and the forum took 7 of the sync bench's 10 minutes. The reply notifications are not written at
// all: each reply notified every earlier replier of its thread, and no bench reads notifications. The checks and the
// sync stamps (guards, timestamps, sync_txid) still run per row.
import type { Db } from '../supabase/local/db.ts';

/** Posts written per statement. */
const POST_BATCH = 5_000;

/** The posts' triggers whose work `writePosts` does set-based, or (notify_post) that no bench needs. */
const ROW_TRIGGERS = ['set_post_number', 'count_replies', 'tally_authored_replies', 'read_own_post', 'notify_post'];

/**
 * Inserts the posts `rows` selects (columns thread_id, author_id, content, type, n: their order within the batch),
 * numbered after their thread's last post, and moves the counters the disabled triggers would have moved.
 */
async function writePosts(db: Db, rows: string, params: unknown[]) {
  await db.query(
    `with g as (${rows}),
          written as (
            insert into public.posts (thread_id, author_id, content, type, is_first_post, post_number)
            select g.thread_id, g.author_id, g.content, g.type, g.type = 'thread',
                   t.highest_post_number + row_number() over (partition by g.thread_id order by g.n)
            from g join public.threads t on t.id = g.thread_id
            returning thread_id, author_id, type, post_number, created_at
          ),
          numbered as (
            update public.threads t
            set highest_post_number = w.highest,
                reply_count = t.reply_count + w.replies,
                last_reply_at = coalesce(greatest(t.last_reply_at, w.last_reply), t.last_reply_at)
            from (select thread_id, max(post_number) as highest, count(*) filter (where type = 'reply') as replies,
                         max(created_at) filter (where type = 'reply') as last_reply
                  from written group by thread_id) w
            where t.id = w.thread_id
          ),
          tallied as (
            update public.profiles p set reply_count = p.reply_count + w.replies
            from (select author_id, count(*) as replies from written where type = 'reply' group by author_id) w
            where p.id = w.author_id
          )
     select count(*) from written`,
    params,
  );
}

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
  const toggle = (how: 'enable' | 'disable') =>
    db.exec(ROW_TRIGGERS.map((name) => `alter table public.posts ${how} trigger ${name};`).join('\n'));
  await toggle('disable');
  try {
    await writePosts(
      db,
      `select t.id as thread_id, t.author_id,
              'Opening post of a generated thread, long enough to pass the checks.' as content, 'thread' as type, 1 as n
       from public.threads t where not exists (select 1 from public.posts p where p.thread_id = t.id and p.type = 'thread')`,
      [],
    );
    const existing = (await db.query<{ n: number }>('select count(*)::int as n from public.posts')).rows[0]!.n;
    for (let from = 1; from <= posts - existing; from += POST_BATCH) {
      await writePosts(
        db,
        `select t.ids[1 + (g * 7919) % t.n] as thread_id, p.ids[1 + g % p.n] as author_id,
                'Generated reply ' || g || ': ' || repeat('GUAPX ', 20) as content, 'reply' as type, g as n
         from generate_series($1::int, $2::int) g,
              (select array_agg(id) as ids, count(*) as n from public.threads) t,
              (select array_agg(id) as ids, count(*) as n from public.profiles) p`,
        [from, Math.min(posts - existing, from + POST_BATCH - 1)],
      );
    }
    // After the batches: thread_reads keeps a read position at most its thread's last number, which a statement
    // that moves that number does not see yet.
    await db.exec(
      `insert into public.thread_reads as r (user_id, thread_id, last_read_post_number)
       select author_id, thread_id, max(post_number) from public.posts where author_id is not null group by 1, 2
       on conflict on constraint thread_reads_pkey do update
         set last_read_post_number = excluded.last_read_post_number
         where r.last_read_post_number < excluded.last_read_post_number`,
    );
  } finally {
    await toggle('enable');
  }
}
