// One anonymous request cannot stall the stack for everyone: an embed whose rows multiply is refused once it has
// built its bound of rows, an answer too large never leaves the database, and a statement past its timeout costs the
// client that sent it (its address, and the same request from any address, wait out a penalty).
import { createClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { MAX_ANSWER_BYTES, MAX_EMBED_ROWS } from '../../supabase/local/rest/limits.ts';
import { startTestStack, type TestStack } from './stack.ts';

// A statement that runs until its statement timeout stops it, whatever the data.
const EXTRA_SQL = `
create function public.hostile_slow() returns bigint language sql stable as $$
  with recursive r(n) as (select 1::bigint union all select n + 1 from r where n < 1000000000000) select count(*) from r
$$;
grant execute on function public.hostile_slow() to anon, authenticated;
`;

/** Each thread's posts, each post's thread, and that thread's posts: rows multiply by the thread's length. */
const HOSTILE_EMBED = '/threads?select=id,posts(id,thread:threads(posts(content)))&limit=1000';
const LONG_THREAD_POSTS = 3_000;

let stack: TestStack;
let longThread: string;

beforeAll(async () => {
  stack = await startTestStack({
    extraSql: EXTRA_SQL,
    trustProxy: 'loopback',
    pgliteStatementTimeouts: { anon: '2s' },
    timeoutPenalty: { firstMs: 60_000, maxMs: 120_000 },
  });
  const thread = await stack.db.query<{ id: string }>('select id from public.threads order by created_at limit 1');
  longThread = thread.rows[0]!.id;
  // 3,000 posts in one thread: the embed would build 3,000 × 3,000 rows for it. Seeded without their reply
  // notifications, which no test here reads: each would look up every earlier replier in the thread (37 s on a quiet
  // machine with them, 15 s without, and past this hook's bound at load 8).
  await stack.db.transaction(async (tx) => {
    await tx.exec('alter table public.posts disable trigger notify_post');
    await tx.query(
      `insert into public.posts (thread_id, author_id, content)
       select t.id, t.author_id, 'A reply in a long thread, number ' || g
       from public.threads t, generate_series(1, $2::int) g where t.id = $1`,
      [longThread, LONG_THREAD_POSTS],
    );
    await tx.exec('alter table public.posts enable trigger notify_post');
  });
}, 120_000);
afterAll(() => stack?.close());

/** An anon client whose requests come from `address` (the stack believes a loopback proxy's X-Forwarded-For). */
function from(address: string) {
  return createClient(stack.url, stack.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    global: { headers: { 'x-forwarded-for': address } },
  });
}

function get(path: string, address: string) {
  return fetch(`${stack.url}/rest/v1${path}`, {
    headers: { apikey: stack.anonKey, authorization: `Bearer ${stack.anonKey}`, 'x-forwarded-for': address },
  });
}

describe('an embed whose rows multiply', () => {
  test('is refused with a 400 naming the bound, not stopped by the timeout, and a visitor is answered meanwhile', async () => {
    const attacks = ['10.5.0.1', '10.5.0.2', '10.5.0.3'].map((address) => get(HOSTILE_EMBED, address));
    const visitor = from('10.5.0.9').from('threads').select('id, title').limit(20);
    const [visit, ...answers] = await Promise.all([visitor, ...attacks]);
    expect(visit.status).toBe(200);
    expect(visit.data?.length).toBeGreaterThan(0);
    for (const answer of answers) {
      expect(answer.status).toBe(400);
      expect(await answer.json()).toMatchObject({
        code: '54000',
        message: `The embedded resources of one request may build at most ${MAX_EMBED_ROWS} rows`,
        hint: expect.stringContaining('posts.limit='),
      });
    }
    // Refused, never penalized: no statement ran past its timeout, so the same addresses are served at once.
    expect((await get('/threads?select=id&limit=1', '10.5.0.1')).status).toBe(200);
  });

  test('still answers within the bound: a limit on the embedded posts, or one level over the long thread', async () => {
    const limited = await get(`${HOSTILE_EMBED}&posts.limit=2&posts.thread.posts.limit=3`, '10.5.0.4');
    expect(limited.status).toBe(200);
    const threads = (await limited.json()) as Array<{ posts: Array<{ thread: { posts: unknown[] } }> }>;
    expect(threads.length).toBeGreaterThan(1);
    expect(threads.every((t) => t.posts.length <= 2 && t.posts.every((p) => p.thread.posts.length <= 3))).toBe(true);
    // As hosted PostgREST answers it: every post of the long thread, which is under the bound.
    const one = await from('10.5.0.4').from('threads').select('id, posts(id)').eq('id', longThread).single();
    expect(one.error).toBeNull();
    expect(one.data!.posts.length).toBeGreaterThan(LONG_THREAD_POSTS);
  });
});

describe('an answer too large', () => {
  test('is refused with a 400 and its size, and a page of the same rows answers', async () => {
    const big = 'x'.repeat(100_000);
    const posts = Math.ceil(MAX_ANSWER_BYTES / big.length) + 1;
    const thread = await stack.db.query<{ id: string }>(
      'select id from public.threads where id <> $1 order by created_at limit 1',
      [longThread],
    );
    await stack.db.query(
      `insert into public.posts (thread_id, author_id, content)
       select t.id, t.author_id, repeat('x', 100000) from public.threads t, generate_series(1, $2::int) where t.id = $1`,
      [thread.rows[0]!.id, posts],
    );
    const res = await get(`/posts?select=content&thread_id=eq.${thread.rows[0]!.id}`, '10.5.1.1');
    expect(res.status).toBe(400);
    const body = (await res.json()) as { code: string; message: string; details: string };
    expect(body.code).toBe('54000');
    expect(body.message).toBe(`An answer may hold at most ${MAX_ANSWER_BYTES} bytes`);
    expect(Number(/(\d+) bytes/.exec(body.details)![1])).toBeGreaterThan(MAX_ANSWER_BYTES);
    // A page of them answers.
    const page = await get(`/posts?select=content&thread_id=eq.${thread.rows[0]!.id}&limit=5`, '10.5.1.1');
    expect(page.status).toBe(200);
    expect(((await page.json()) as unknown[]).length).toBe(5);
  }, 60_000);
});

describe('a statement past its timeout', () => {
  test('costs its sender: that address, and the same request from any address, get a 429 while others are served', async () => {
    const attacker = from('10.6.0.1');
    const slow = await attacker.rpc('hostile_slow');
    expect(slow.error?.code).toBe('57014');
    // The sender waits out its penalty: refused at once, in the fair queue's shape, with a Retry-After.
    const again = await get('/categories?select=id', '10.6.0.1');
    expect(again.status).toBe(429);
    expect(Number(again.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await again.json()).toMatchObject({ code: 'PT429', message: expect.stringContaining('time limit') });
    // A new address sending the same request is refused too, before it reaches the database.
    const rotated = await from('10.6.0.2').rpc('hostile_slow');
    expect(rotated.status).toBe(429);
    // Everyone else is served.
    const visitor = await from('10.6.0.9').from('categories').select('id');
    expect(visitor.status).toBe(200);
    expect((await from('10.6.0.2').from('categories').select('id')).status).toBe(200);
  }, 30_000);
});
