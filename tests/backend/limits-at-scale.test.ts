// The posting limits hold for many requests. Parallel requests of one member accept exactly
// the limit (on PostgreSQL; PGlite runs them one at a time); deleting what was sent gives no room (the limits count a
// ledger); a post notifies at most 20 mentioned members over all its edits; edits, likes and threads per day are
// limited. Every refusal is PT429 with the seconds to wait, and changes nothing.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, dbRow, makeReply, makeThread, setTrustLevel, type TestMember } from './members.ts';
import { startTestStack, type TestStack } from './stack.ts';
import { backdate } from './support/backdate.ts';

const DAY_S = 24 * 3600;

let stack: TestStack;
let categoryId: string;
let threadId: string;
let recipient: TestMember;

beforeAll(async () => {
  stack = await startTestStack({ seed: false, rateLimits: 'default' });
  await stack.db.query(
    `insert into public.categories (name, slug, type, order_index) values ('General', 'general', 'guapcoin', 1)`,
  );
  categoryId = (await dbRow<{ id: string }>(stack, `select id from public.categories where slug = 'general'`))!.id;
  recipient = await createMember(stack);
  threadId = await makeThread(stack, recipient.id);
});
afterAll(async () => {
  await stack?.close();
});

/** A member whose account is older than a day, so the new-account limits are behind them. */
async function established(role: 'user' | 'moderator' = 'user', username?: string) {
  const m = await createMember(stack, { role, username });
  await backdate(stack, 'profiles', m.id, 2 * DAY_S);
  return m;
}

const newThread = (who: TestMember) => {
  const id = randomUUID();
  return who.client
    .from('threads')
    .insert({ id, slug: `t-${id}`, title: 'A thread at scale', category_id: categoryId, author_id: who.id });
};

const reply = (who: TestMember, content = 'A reply at scale', id: string = randomUUID()) =>
  who.client.from('posts').insert({ id, thread_id: threadId, author_id: who.id, content, type: 'reply' });

const message = (who: TestMember) =>
  who.client
    .from('messages')
    .insert({ id: randomUUID(), sender_id: who.id, recipient_id: recipient.id, subject: 'Hi', content: 'A message' });

const count = async (sql: string, params: unknown[]) => (await dbRow<{ n: number }>(stack, sql, params))!.n;
const threadsOf = (id: string) => count('select count(*)::int as n from public.threads where author_id = $1', [id]);
const repliesOf = (id: string) =>
  count(`select count(*)::int as n from public.posts where author_id = $1 and type = 'reply'`, [id]);
const messagesOf = (id: string) => count('select count(*)::int as n from public.messages where sender_id = $1', [id]);
const ledgerOf = (id: string, action: string) =>
  count('select count(*)::int as n from public.limited_actions where member_id = $1 and action = $2', [id, action]);

interface Answer {
  error: { code: string; message: string; details: string } | null;
  status: number;
}

function expectLimit(result: Answer, limit: string, message: RegExp) {
  expect(result.status).toBe(429);
  expect(result.error).toMatchObject({ code: 'PT429' });
  expect(result.error!.message).toMatch(message);
  const details = JSON.parse(result.error!.details) as { limit: string; retry_after_s: number };
  expect(details.limit).toBe(limit);
  expect(details.retry_after_s).toBeGreaterThanOrEqual(1);
  expect(details.retry_after_s).toBeLessThanOrEqual(DAY_S);
}

/** Sends `n` requests at once and sorts the answers: accepted, and refused by `limit` (anything else fails). */
async function inParallel(n: number, send: () => PromiseLike<Answer>, limit: string) {
  const answers = await Promise.all(Array.from({ length: n }, () => send()));
  const accepted = answers.filter((a) => a.error === null).length;
  for (const refused of answers.filter((a) => a.error !== null)) {
    expect(refused.status).toBe(429);
    expect(refused.error?.code).toBe('PT429');
    expect((JSON.parse(refused.error!.details) as { limit: string }).limit).toBe(limit);
  }
  return accepted;
}

describe('parallel requests of one member', () => {
  it('10 threads at once from a new account: exactly 3 are accepted', async () => {
    const m = await createMember(stack);
    expect(await inParallel(10, () => newThread(m), 'new_account_threads')).toBe(3);
    expect(await threadsOf(m.id)).toBe(3);
    expect(await ledgerOf(m.id, 'thread')).toBe(3);
  });

  it('10 replies at once: exactly 1 is accepted in the 5 s interval', async () => {
    const m = await established();
    expect(await inParallel(10, () => reply(m), 'post_interval')).toBe(1);
    expect(await repliesOf(m.id)).toBe(1);
  });

  it('30 messages at once: exactly 20 are accepted in a day', async () => {
    const m = await established();
    expect(await inParallel(30, () => message(m), 'messages_per_day')).toBe(20);
    expect(await messagesOf(m.id)).toBe(20);
  });

  it('other members are not held: a second member posts while the first is at the limit', async () => {
    const [a, b] = [await established(), await established()];
    const [fromA, fromB] = await Promise.all([
      inParallel(5, () => reply(a), 'post_interval'),
      inParallel(5, () => reply(b), 'post_interval'),
    ]);
    expect([fromA, fromB]).toEqual([1, 1]);
  });
});

describe('deleting gives no room', () => {
  it('20 messages sent and deleted: the 21st of the day is still refused', async () => {
    const m = await established();
    for (let i = 0; i < 20; i += 1) expect((await message(m)).error).toBeNull();
    const deleted = await m.client.from('messages').delete().eq('sender_id', m.id).select('id');
    expect(deleted.error).toBeNull();
    expect(deleted.data).toHaveLength(20);
    expectLimit(await message(m), 'messages_per_day', /^You can send 20 messages a day\. Please wait \d+ hours\.$/);
    expect(await messagesOf(m.id)).toBe(0);
    const notified = await count(
      `select count(*)::int as n from public.notifications where actor_id = $1 and kind = 'message'`,
      [m.id],
    );
    expect(notified).toBe(0);
  });

  it('a reply deleted at once: the next one still waits the 5 s', async () => {
    const m = await established();
    const first = randomUUID();
    expect((await reply(m, 'First', first)).error).toBeNull();
    expect((await m.client.from('posts').delete().eq('id', first)).error).toBeNull();
    expect(await repliesOf(m.id)).toBe(0);
    expectLimit(
      await reply(m, 'Again'),
      'post_interval',
      /^You are posting too quickly\. Please wait [1-5] seconds\.$/,
    );
    expect(await repliesOf(m.id)).toBe(0);
    // Once the first is 5 s old (its ledger entry moved back), the next is taken.
    await stack.db.query(`update public.limited_actions set at = at - interval '5 seconds' where row_id = $1`, [first]);
    expect((await reply(m, 'Later')).error).toBeNull();
    expect(await repliesOf(m.id)).toBe(1);
  });

  it("a new account's 3 threads deleted by a moderator: the 4th is still refused", async () => {
    const m = await createMember(stack);
    for (let i = 0; i < 3; i += 1) expect((await newThread(m)).error).toBeNull();
    await stack.db.query('delete from public.threads where author_id = $1', [m.id]);
    expectLimit(await newThread(m), 'new_account_threads', /^New accounts can create 3 threads in their first day\./);
    expect(await threadsOf(m.id)).toBe(0);
  });
});

describe('mentions over a post’s life', () => {
  it('the 21st member named across edits gets no notification; the first 20 each get one', async () => {
    const author = await established();
    // Past trust level 0, whose posts name at most 2 members (new-member-caps.test.ts).
    await setTrustLevel(stack, author.id, 1);
    const named: TestMember[] = [];
    for (let i = 0; i < 21; i += 1)
      named.push(await createMember(stack, { username: `named_${i}_${randomUUID().slice(0, 6)}` }));
    const at = (from: number, to: number) =>
      named
        .slice(from, to)
        .map((m) => `@${m.username}`)
        .join(' ');
    const postId = randomUUID();
    const mentioned = async (ids: string[]) =>
      count(
        `select count(*)::int as n from public.notifications where post_id = $1 and kind = 'mention'
           and recipient_id = any($2::uuid[])`,
        [postId, ids],
      );
    expect((await reply(author, `Hello ${at(0, 10)}`, postId)).error).toBeNull();
    expect(await mentioned(named.map((m) => m.id))).toBe(10);

    // Edits that name ten others, then the first ten and one more: 20 notified, the 21st not.
    const edit = (content: string) =>
      author.client.from('posts').update({ content }).eq('id', postId).select('version');
    expect((await edit(`Now ${at(10, 20)}`)).error).toBeNull();
    expect(await mentioned(named.map((m) => m.id))).toBe(20);
    const last = await edit(`And ${at(20, 21)} with ${at(0, 5)}`);
    expect(last.error).toBeNull();
    expect(last.data).toEqual([{ version: 3 }]);
    expect(await mentioned([named[20]!.id])).toBe(0);
    expect(await mentioned(named.map((m) => m.id))).toBe(20);
    const mails = await count(
      `select count(*)::int as n from public.notification_deliveries d join public.notifications n
         on n.id = d.notification_id where n.post_id = $1 and n.recipient_id = $2`,
      [postId, named[20]!.id],
    );
    expect(mails).toBe(0);
  });
});

describe('edits per day', () => {
  it('allows 30 edits a day and refuses the 31st, leaving the post as it was', async () => {
    const m = await established();
    const postId = randomUUID();
    expect((await reply(m, 'Version 1', postId)).error).toBeNull();
    for (let i = 2; i <= 31; i += 1) {
      const { error } = await m.client
        .from('posts')
        .update({ content: `Version ${i}` })
        .eq('id', postId);
      expect(error).toBeNull();
    }
    const refused = await m.client.from('posts').update({ content: 'Version 32' }).eq('id', postId);
    expectLimit(refused, 'edits_per_day', /^You can edit posts 30 times a day\. Please wait \d+ hours\.$/);
    expect(await dbRow(stack, 'select content, version from public.posts where id = $1', [postId])).toEqual({
      content: 'Version 31',
      version: 31,
    });
    expect(await ledgerOf(m.id, 'edit')).toBe(30);

    const mod = await established('moderator');
    const modPost = randomUUID();
    expect((await reply(mod, 'Staff 1', modPost)).error).toBeNull();
    for (let i = 0; i < 31; i += 1)
      expect(
        (
          await mod.client
            .from('posts')
            .update({ content: `Staff edit ${i}` })
            .eq('id', modPost)
        ).error,
      ).toBeNull();
  });
});

describe('likes per day', () => {
  it('allows 50 likes a day and refuses the 51st, with no like, count or reputation added', async () => {
    const author = await established();
    const posts: string[] = [];
    for (let i = 0; i < 52; i += 1) posts.push(await makeReply(stack, threadId, author.id, `Likeable ${i}`));
    const m = await established();
    const like = (postId: string) => m.client.from('post_likes').insert({ post_id: postId, user_id: m.id });
    for (let i = 0; i < 50; i += 1) expect((await like(posts[i]!)).error).toBeNull();
    const reputation = () =>
      dbRow<{ reputation: number }>(stack, 'select reputation from public.profiles where id = $1', [author.id]);
    expect(await reputation()).toEqual({ reputation: 50 });

    expectLimit(await like(posts[50]!), 'likes_per_day', /^You can like 50 posts a day\. Please wait \d+ hours\.$/);
    expect(await dbRow(stack, 'select like_count from public.posts where id = $1', [posts[50]])).toEqual({
      like_count: 0,
    });
    expect(await reputation()).toEqual({ reputation: 50 });
    expect(await count('select count(*)::int as n from public.post_likes where user_id = $1', [m.id])).toBe(50);

    // Taking a like back and giving it again gives no room either.
    expect((await m.client.from('post_likes').delete().eq('post_id', posts[0]!)).error).toBeNull();
    expectLimit(await like(posts[0]!), 'likes_per_day', /^You can like 50 posts a day\./);
  });
});

describe('threads per day', () => {
  it('allows an established member 20 threads a day and refuses the 21st', async () => {
    const m = await established();
    for (let i = 0; i < 20; i += 1) expect((await newThread(m)).error).toBeNull();
    expectLimit(await newThread(m), 'threads_per_day', /^You can create 20 threads a day\. Please wait \d+ hours\.$/);
    expect(await threadsOf(m.id)).toBe(20);

    const mod = await established('moderator');
    for (let i = 0; i < 21; i += 1) expect((await newThread(mod)).error).toBeNull();
  });
});

describe('the ledger', () => {
  it('is neither read nor written by members, and the new settings are read by everyone', async () => {
    const m = await established();
    expect((await m.client.from('limited_actions').select('id')).error?.code).toBe('42501');
    expect((await m.client.from('post_mentions').select('post_id')).error?.code).toBe('42501');
    const settings = await stack
      .anon()
      .from('forum_limits')
      .select('threads_per_day, likes_per_day, edits_per_day, mentions_per_post')
      .single();
    expect(settings.data).toEqual({ threads_per_day: 20, likes_per_day: 50, edits_per_day: 30, mentions_per_post: 20 });
  });
});
