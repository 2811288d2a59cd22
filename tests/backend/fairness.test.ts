// One client cannot make the stack unusable for others: no regex filters and few like wildcards for
// anon and authenticated, fair turns at the database per client address, and a 429 past a client's queue bound.
import { createClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestStack, type TestStack } from './stack.ts';

// A statement that runs until its statement timeout stops it, whatever the data.
const EXTRA_SQL = `
create function public.fairness_slow() returns bigint language sql stable as $$
  with recursive r(n) as (select 1::bigint union all select n + 1 from r where n < 1000000000000) select count(*) from r
$$;
grant execute on function public.fairness_slow() to anon, authenticated;
`;

const ATTACKER = '10.0.0.1';
const VISITOR = '10.0.0.2';

let stack: TestStack;
let postId: string;
let threadId: string;

beforeAll(async () => {
  stack = await startTestStack({
    extraSql: EXTRA_SQL,
    // Every request comes from 127.0.0.1: the stack believes the address a loopback proxy forwards, as behind nginx.
    trustProxy: 'loopback',
    pgliteStatementTimeouts: { anon: '2s' },
    fairQueue: { concurrency: 1, perClient: 1, queuePerClient: 3 },
  });
  const post = await stack.db.query<{ id: string; thread_id: string }>(
    'select id, thread_id from public.posts order by created_at limit 1',
  );
  postId = post.rows[0]!.id;
  threadId = post.rows[0]!.thread_id;
});
afterAll(() => stack?.close());

/** An anon client whose requests come from `address`. */
function from(address: string) {
  return createClient(stack.url, stack.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    global: { headers: { 'x-forwarded-for': address } },
  });
}

describe('filters whose cost the caller picks', () => {
  test('match and imatch are refused with a 400 for anon and members, and nothing runs', async () => {
    const { client, id } = await stack.newMember();
    const own = await client.from('posts').insert({ thread_id: threadId, author_id: id, content: 'Mine' }).select('id');
    expect(own.error).toBeNull();
    const ownId = (own.data as { id: string }[])[0]!.id;
    for (const caller of [stack.anon(), client]) {
      for (const op of ['match', 'imatch']) {
        const read = await caller.from('posts').select('id').filter('content', op, '(.*)(.*)\\2\\1x');
        expect(read.status).toBe(400);
        expect(read.error).toMatchObject({
          code: 'PGRST100',
          message: `Regular expression filters (${op}) are not allowed`,
          hint: 'Use like or ilike instead.',
        });
      }
    }
    // Refused before it runs: the member's own post is unchanged, as it is by a refused rpc filter.
    const patch = await client
      .from('posts')
      .update({ content: 'Changed' })
      .eq('id', ownId)
      .filter('content', 'match', 'M');
    expect(patch.status).toBe(400);
    const rpc = await client.rpc('search_forum', { query: 'wallet', max_results: 5 }).filter('title', 'imatch', 'w');
    expect(rpc.status).toBe(400);
    const row = await stack.db.query<{ content: string }>('select content from public.posts where id = $1', [ownId]);
    expect(row.rows[0]!.content).toBe('Mine');
    // Inside or=(...) too.
    const nested = await stack.anon().from('posts').select('id').or('content.eq.x,content.imatch.y');
    expect(nested.status).toBe(400);
  });

  test('the service role may still use them', async () => {
    const { status, error } = await stack.service().from('posts').select('id').filter('content', 'match', '^[A-Za-z]');
    expect(error).toBeNull();
    expect(status).toBe(200);
  });

  test("a like pattern holds at most 4 wildcards; escaped ones and the app's member search pass", async () => {
    const many = await stack.anon().from('posts').select('id').ilike('content', '%a%b%c%d%');
    expect(many.status).toBe(400);
    expect(many.error?.message).toBe('A ilike pattern may hold at most 4 wildcards (% or *)');
    const stars = await stack.anon().from('posts').select('id').like('content', '*a*b*c*d*');
    expect(stars.status).toBe(400);
    expect((await stack.anon().from('posts').select('id').ilike('content', '%a%b%c%')).status).toBe(200);
    // The search box's pattern: what the member typed, % and _ escaped, between two wildcards (src/backend/search.ts).
    const search = await stack.anon().from('profiles').select('username').ilike('username', '%\\%\\%\\%\\%\\%adm%');
    expect(search.status).toBe(200);
    const members = await stack.anon().from('profiles').select('username').ilike('username', '%adm%');
    expect(members.data?.map((p) => p.username)).toContain('guapadmin');
  });
});

describe('fair turns per client', () => {
  test("a client's burst waits behind its own slow request, another client is answered first, and one more is a 429", async () => {
    const attacker = from(ATTACKER);
    const queue = stack.ctx.fairQueue!;
    const finished: string[] = [];
    const track = <T extends { status: number }>(label: string, request: PromiseLike<T>) =>
      Promise.resolve(request).then((answer) => {
        finished.push(label);
        return answer;
      });
    const slow = track('attacker slow', attacker.rpc('fairness_slow'));
    await expect.poll(() => queue.stateOf(ATTACKER).running).toBe(1);
    const burst = [1, 2, 3].map((n) => track(`attacker ${n}`, attacker.from('categories').select('id')));
    await expect.poll(() => queue.stateOf(ATTACKER).waiting).toBe(3);

    // Over the bound of 3 waiting: refused at once, in PostgREST's shape, with a Retry-After.
    const over = await fetch(`${stack.url}/rest/v1/categories?select=id`, {
      headers: { apikey: stack.anonKey, authorization: `Bearer ${stack.anonKey}`, 'x-forwarded-for': ATTACKER },
    });
    expect(over.status).toBe(429);
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(await over.json()).toMatchObject({
      code: 'PT429',
      message: expect.stringContaining('Too many requests waiting'),
      details: { limit: 'requests_waiting', retry_after_s: 1 },
    });

    // The visitor comes last, and goes next: before the attacker's three waiting requests.
    const visitor = track('visitor', from(VISITOR).from('threads').select('id').limit(20));
    await expect.poll(() => queue.stateOf(VISITOR).waiting).toBe(1);
    const stopped = await slow;
    expect(stopped.error?.code).toBe('57014');
    expect((await visitor).status).toBe(200);
    for (const answer of await Promise.all(burst)) expect(answer.status).toBe(200);
    expect(finished).toEqual(['attacker slow', 'visitor', 'attacker 1', 'attacker 2', 'attacker 3']);
    expect(queue.stateOf(ATTACKER)).toEqual({ running: 0, waiting: 0 });
    // Served again once its queue has room.
    expect((await attacker.from('posts').select('id').eq('id', postId)).status).toBe(200);
  });
});
