// How many pokes the database sends (20261129001000_live_pokes_coalesced.sql), counted as hosted Realtime would
// broadcast them: each realtime.send call is one notification here, as it is one row of realtime.messages there.
// One poke per topic per transaction, at most one per topic per interval with a trailing one, none for a write that
// changed nothing; and the pull that the last poke starts reads the last write.
import { randomUUID } from 'node:crypto';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createMember, DEMO_IDS, demoClient, makeThread, type TestMember } from './members.ts';
import { startTestStack, type TestStack } from './stack.ts';

interface Sent {
  topic: string;
  event: string;
}

let stack: TestStack;
let stopListening: () => Promise<void>;
let sent: Sent[] = [];
let alice: TestMember;
let bob: TestMember;
let threadId: string;
const clients: SupabaseClient[] = [];

beforeAll(async () => {
  stack = await startTestStack();
  stopListening = await stack.db.listen('realtime', (text) => {
    const { topic, event } = JSON.parse(text) as Sent;
    sent.push({ topic, event });
  });
  alice = await createMember(stack);
  bob = await createMember(stack);
  threadId = await makeThread(stack, alice.id);
});
afterAll(async () => {
  for (const client of clients) await client.removeAllChannels();
  await stopListening?.();
  await stack?.close();
});

/** Nothing waits to be sent and every topic's interval is over: no poke can follow what a test did before. */
async function quiet() {
  const { rows } = await stack.db.query<{ quiet: boolean }>(
    `select not exists (select 1 from public.live_poke_requests)
        and not exists (select 1 from public.live_pokes where sent_at > clock_timestamp() - public.poke_interval(topic))
        as quiet`,
  );
  return rows[0]!.quiet;
}

const POKES_SETTLE_MS = 15_000;

/** Waits until no poke can follow, then answers the pokes sent since the test began, by topic. */
async function settledPokes(): Promise<Record<string, number>> {
  await expect.poll(quiet, { timeout: POKES_SETTLE_MS, interval: 50 }).toBe(true);
  const counts: Record<string, number> = {};
  for (const { topic } of sent.filter((s) => s.event === 'changed')) counts[topic] = (counts[topic] ?? 0) + 1;
  return counts;
}

beforeEach(async () => {
  await expect.poll(quiet, { timeout: POKES_SETTLE_MS, interval: 50 }).toBe(true);
  sent = [];
});

const reply = (member: TestMember, content = `Poked ${randomUUID()}`) =>
  member.client.from('posts').insert({ thread_id: threadId, author_id: member.id, content }).select('id').single();

describe('one poke per topic per transaction', () => {
  it('a reply pokes the forum once, and each member it concerns once', async () => {
    const { error } = await reply(bob);
    expect(error).toBeNull();
    const pokes = await settledPokes();
    expect(pokes.forum).toBe(1);
    expect(Object.values(pokes).every((n) => n === 1)).toBe(true);
    // The thread's author is notified of the reply, on their own topic.
    expect(pokes[`user:${alice.id}`]).toBe(1);
  });

  it('delete_user() of a member with 500 posts pokes each topic at most once', async () => {
    const leaver = await createMember(stack);
    const ownThread = await makeThread(stack, leaver.id);
    await stack.db.query(
      `insert into public.posts (thread_id, author_id, content, type)
       select t, $2, 'Soon deleted ' || n, 'reply'
       from generate_series(1, 250) n, unnest(array[$1::uuid, $3::uuid]) t`,
      [threadId, leaver.id, ownThread],
    );
    await expect.poll(quiet, { timeout: POKES_SETTLE_MS, interval: 50 }).toBe(true);
    sent = [];
    const { error } = await leaver.client.rpc('delete_user');
    expect(error).toBeNull();
    expect((await stack.db.query('select 1 from public.posts where author_id = $1', [leaver.id])).rows).toEqual([]);
    const pokes = await settledPokes();
    expect(pokes.forum).toBe(1);
    expect(Math.max(...Object.values(pokes))).toBe(1);
  });

  it('a ban that deletes a member’s 500 posts pokes each topic at most once', async () => {
    const spammer = await createMember(stack);
    await stack.db.query(
      `insert into public.posts (thread_id, author_id, content, type)
       select $1, $2, 'Spam ' || n, 'reply' from generate_series(1, 500) n`,
      [threadId, spammer.id],
    );
    await expect.poll(quiet, { timeout: POKES_SETTLE_MS, interval: 50 }).toBe(true);
    sent = [];
    const admin = await demoClient(stack, 'admin');
    const { error } = await admin.rpc('ban_user', { target: spammer.id, reason: 'Spam', delete_posts: true });
    expect(error).toBeNull();
    expect((await stack.db.query('select 1 from public.posts where author_id = $1', [spammer.id])).rows).toEqual([]);
    const pokes = await settledPokes();
    expect(pokes.forum).toBe(1);
    expect(Math.max(...Object.values(pokes))).toBe(1);
  });
});

describe('a write that changes nothing', () => {
  it('pokes no one: a DELETE or an UPDATE matching no row sends nothing and asks for nothing', async () => {
    for (const table of ['posts', 'threads', 'post_likes', 'messages', 'bookmarks'] as const) {
      const { error, count } = await bob.client.from(table).delete({ count: 'exact' }).eq('id', randomUUID());
      expect(error, table).toBeNull();
      expect(count, table).toBe(0);
    }
    const edit = await bob.client
      .from('posts')
      .update({ content: 'Never written' }, { count: 'exact' })
      .eq('id', randomUUID());
    expect(edit.error).toBeNull();
    expect(edit.count).toBe(0);
    // A broadcast sent after them arrives after anything they sent, in commit order.
    await stack.db.query(`select realtime.send('{}', 'marker', 'test:marker', false)`);
    await expect.poll(() => sent.some((s) => s.event === 'marker')).toBe(true);
    expect(sent.filter((s) => s.event === 'changed')).toEqual([]);
    expect((await stack.db.query('select 1 from public.live_poke_requests')).rows).toEqual([]);
  });
});

describe('a view', () => {
  const threadRow = async () =>
    (
      await stack.db.query<{ view_count: number; sync_txid: string }>(
        'select view_count, sync_txid::text from public.threads where id = $1',
        [threadId],
      )
    ).rows[0]!;

  it('announces nothing, and the next pull carries it; an edit of the same thread still pokes the forum', async () => {
    const before = await threadRow();
    const { error } = await stack.anon().rpc('increment_thread_view_count', { thread_id: threadId });
    expect(error).toBeNull();
    const after = await threadRow();
    expect(after.view_count).toBe(before.view_count + 1);
    expect(BigInt(after.sync_txid)).toBeGreaterThan(BigInt(before.sync_txid));
    // A broadcast sent after it arrives after anything it sent, in commit order.
    await stack.db.query(`select realtime.send('{}', 'marker', 'test:marker', false)`);
    await expect.poll(() => sent.some((s) => s.event === 'marker')).toBe(true);
    expect(sent.filter((s) => s.event === 'changed')).toEqual([]);
    expect((await stack.db.query('select 1 from public.live_poke_requests')).rows).toEqual([]);

    const edit = await alice.client
      .from('threads')
      .update({ title: `Retitled ${randomUUID()}` })
      .eq('id', threadId);
    expect(edit.error).toBeNull();
    expect((await settledPokes()).forum).toBe(1);
  });
});

describe('a burst of writes on one topic', () => {
  /** An open app: joined to 'forum', and on each poke a pull of the thread's posts, recorded with its poke. */
  async function openApp() {
    const client = createClient(stack.url, stack.anonKey, {
      auth: { persistSession: false, autoRefreshToken: false },
      realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
    });
    clients.push(client);
    const pulls: Promise<string[]>[] = [];
    const channel = client.channel('forum', { config: { private: false } });
    const pull = async () => {
      const { data, error } = await client.from('posts').select('id').eq('thread_id', threadId);
      if (error) throw new Error(error.message);
      return data.map((p) => p.id as string);
    };
    channel.on('broadcast', { event: 'changed' }, () => pulls.push(pull()));
    await new Promise<void>((resolve, reject) => {
      channel.subscribe((status, error) => {
        if (status === 'SUBSCRIBED') resolve();
        else if (status !== 'CLOSED') reject(error ?? new Error(status));
      });
    });
    return pulls;
  }

  it('50 writes within a second poke the forum at most twice, and the last poke’s pull reads the last write', async () => {
    const pulls = await openApp();
    const ids: string[] = [];
    const started = Date.now();
    for (let n = 0; n < 50; n++) {
      const id = randomUUID();
      ids.push(id);
      await stack.db.query(
        `insert into public.posts (id, thread_id, author_id, content, type) values ($1, $2, $3, $4, 'reply')`,
        [id, threadId, DEMO_IDS.member, `Burst ${n}`],
      );
    }
    const took = Date.now() - started;
    const pokes = await settledPokes();
    // The first write's poke, and a trailing one per interval the burst went on: 2 for a burst within a second.
    const bound = (topic: string) => 1 + Math.ceil(took / (topic === 'forum' ? 1_250 : 1_000));
    expect(pokes.forum).toBeGreaterThanOrEqual(2);
    for (const [topic, count] of Object.entries(pokes)) expect(count, topic).toBeLessThanOrEqual(bound(topic));
    // Each poke the database sent reached the app and started its pull.
    await expect.poll(() => pulls.length, { timeout: POKES_SETTLE_MS }).toBe(pokes.forum);
    const lastPull = await pulls.at(-1)!;
    expect(lastPull).toContain(ids.at(-1));
    expect(ids.every((id) => lastPull.includes(id))).toBe(true);
  });
});

describe('writers on one topic', () => {
  // Two categories' descriptions: writes that poke the forum and share no row, so only the poke could hold one up.
  const describeCategory = (offset: number, text: string) =>
    `update public.categories set description = '${text}'
     where id = (select id from public.categories order by slug limit 1 offset ${offset})`;

  it.skipIf(!process.env.DATABASE_URL)(
    'never wait for each other: a write while another transaction holds the forum’s row is announced after both',
    async () => {
      let release = () => undefined as void;
      const held = new Promise<void>((resolve) => (release = resolve));
      let claimed = () => undefined as void;
      const isClaimed = new Promise<void>((resolve) => (claimed = resolve));
      const slow = stack.db.transaction(async (tx) => {
        await tx.query(describeCategory(0, 'Claims the forum and stays open'));
        claimed();
        await held;
      });
      try {
        await isClaimed;
        // Had it waited for the open transaction's row, the lock timeout would fail it.
        await stack.db.transaction(async (tx) => {
          await tx.query(`set local lock_timeout = '2s'`);
          await tx.query(describeCategory(1, 'Written meanwhile'));
        });
      } finally {
        release();
        await slow;
      }
      const pokes = await settledPokes();
      // The open transaction's own poke, and the trailing one for the write made meanwhile.
      expect(pokes).toEqual({ forum: 2 });
    },
  );
});

describe('the API', () => {
  it('neither sends pokes nor reads or writes when they left: the database alone does', async () => {
    const service = stack.service();
    for (const [who, client] of [
      ['visitor', stack.anon()],
      ['member', bob.client],
      ['service role', service],
    ] as const) {
      expect((await client.rpc('send_due_pokes')).error?.code, who).toBe('42501');
      expect((await client.rpc('poke', { p_topic: 'forum', p_private: false })).error?.code, who).toBe('42501');
      expect((await client.from('live_pokes').select('topic')).error?.code, who).toBe('42501');
      const asked = await client.from('live_poke_requests').insert({ topic: 'forum', private: false });
      expect(asked.error?.code, who).toBe('42501');
    }
    expect(sent).toEqual([]);
    expect((await stack.db.query('select 1 from public.live_poke_requests')).rows).toEqual([]);
  });
});
