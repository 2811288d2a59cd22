// The database's rate limits with Discourse's defaults (public.forum_limits): one reply per 5 seconds,
// 3 threads and 10 replies in an account's first 24 hours, 20 messages a day; staff exempt; a refusal is HTTP 429
// with code PT429 and the seconds to wait, and changes nothing; a retried insert of a row that landed is no refusal.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, dbRow, makeThread, type TestMember } from './members.ts';
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

/** A member whose account is older than a day, so only the post interval and the message limit apply. */
async function established(role: 'user' | 'moderator' = 'user') {
  const m = await createMember(stack, { role });
  await backdate(stack, 'profiles', m.id, 2 * DAY_S);
  return m;
}

const reply = (who: TestMember, id: string = randomUUID()) =>
  who.client
    .from('posts')
    .upsert(
      { id, thread_id: threadId, author_id: who.id, content: `Reply ${id}`, type: 'reply' },
      { onConflict: 'id', ignoreDuplicates: true },
    );

const newThread = (who: TestMember) => {
  const id = randomUUID();
  return who.client
    .from('threads')
    .insert({ id, slug: `t-${id}`, title: 'A thread of a new member', category_id: categoryId, author_id: who.id });
};

const message = (who: TestMember, id: string = randomUUID()) =>
  who.client
    .from('messages')
    .upsert(
      { id, sender_id: who.id, recipient_id: recipient.id, subject: 'Hello', content: 'A message' },
      { onConflict: 'id', ignoreDuplicates: true },
    );

const count = async (sql: string, id: string) => (await dbRow<{ n: number }>(stack, sql, [id]))!.n;
const repliesOf = (id: string) =>
  count(`select count(*)::int as n from public.posts where author_id = $1 and type = 'reply'`, id);

function expectLimit(
  result: { error: { code: string; message: string; details: string } | null; status: number },
  limit: string,
  message: RegExp,
  maxWait: number,
) {
  expect(result.status).toBe(429);
  expect(result.error).toMatchObject({ code: 'PT429' });
  expect(result.error!.message).toMatch(message);
  const details = JSON.parse(result.error!.details) as { limit: string; retry_after_s: number };
  expect(details.limit).toBe(limit);
  expect(details.retry_after_s).toBeGreaterThanOrEqual(1);
  expect(details.retry_after_s).toBeLessThanOrEqual(maxWait);
}

describe('one reply per 5 seconds', () => {
  it('refuses a second reply within 5 s, and allows it once the first is 5 s old', async () => {
    const m = await established();
    const first = randomUUID();
    expect((await reply(m, first)).error).toBeNull();
    const second = await reply(m);
    expectLimit(second, 'post_interval', /^You are posting too quickly\. Please wait [1-5] seconds\.$/, 5);
    expect(await repliesOf(m.id)).toBe(1);

    // A retry of the reply that landed is answered, not refused.
    expect((await reply(m, first)).error).toBeNull();

    await backdate(stack, 'posts', first, 5);
    expect((await reply(m)).error).toBeNull();
    expect(await repliesOf(m.id)).toBe(2);
  });

  it('does not hold back the opening post of a new thread, nor staff', async () => {
    const m = await established();
    expect((await reply(m)).error).toBeNull();
    const thread = randomUUID();
    expect(
      (
        await m.client.from('threads').insert({
          id: thread,
          slug: `t-${thread}`,
          title: 'Straight after a reply',
          category_id: categoryId,
          author_id: m.id,
        })
      ).error,
    ).toBeNull();
    const opening = await m.client
      .from('posts')
      .insert({ thread_id: thread, author_id: m.id, content: 'The opening post, right away.', type: 'thread' });
    expect(opening.error).toBeNull();

    const mod = await established('moderator');
    for (let i = 0; i < 3; i += 1) expect((await reply(mod)).error).toBeNull();
  });
});

describe('new accounts', () => {
  it('may create 3 threads in their first day; the 4th is refused with the wait', async () => {
    const m = await createMember(stack);
    for (let i = 0; i < 3; i += 1) expect((await newThread(m)).error).toBeNull();
    const fourth = await newThread(m);
    expectLimit(
      fourth,
      'new_account_threads',
      /^New accounts can create 3 threads in their first day\. Please wait \d+ hours\.$/,
      DAY_S,
    );
    expect(await count('select count(*)::int as n from public.threads where author_id = $1', m.id)).toBe(3);
  });

  it('may post 10 replies in their first day; the 11th is refused', async () => {
    const m = await createMember(stack);
    for (let i = 0; i < 10; i += 1) {
      const id = randomUUID();
      expect((await reply(m, id)).error).toBeNull();
      await backdate(stack, 'posts', id, 10);
    }
    const eleventh = await reply(m);
    expectLimit(
      eleventh,
      'new_account_replies',
      /^New accounts can post 10 replies in their first day\. Please wait \d+ hours\.$/,
      DAY_S,
    );
    expect(await repliesOf(m.id)).toBe(10);
  });

  it('an account older than 24 hours is not limited', async () => {
    const m = await createMember(stack);
    for (let i = 0; i < 3; i += 1) expect((await newThread(m)).error).toBeNull();
    await backdate(stack, 'profiles', m.id, DAY_S + 60);
    expect((await newThread(m)).error).toBeNull();
  });

  it('staff are exempt', async () => {
    const mod = await createMember(stack, { role: 'moderator' });
    for (let i = 0; i < 4; i += 1) expect((await newThread(mod)).error).toBeNull();
  });
});

describe('20 messages a day', () => {
  it('refuses the 21st in 24 hours, answers a retried one, and allows one once the oldest is a day old', async () => {
    const m = await established();
    const ids: string[] = [];
    for (let i = 0; i < 20; i += 1) {
      ids.push(randomUUID());
      expect((await message(m, ids[i])).error).toBeNull();
    }
    const sent = () => count('select count(*)::int as n from public.messages where sender_id = $1', m.id);
    expectLimit(
      await message(m),
      'messages_per_day',
      /^You can send 20 messages a day\. Please wait \d+ hours\.$/,
      DAY_S,
    );
    expect(await sent()).toBe(20);
    expect((await message(m, ids[19])).error).toBeNull();
    expect(await sent()).toBe(20);

    await backdate(stack, 'messages', ids[0]!, DAY_S);
    expect((await message(m)).error).toBeNull();
    expect(await sent()).toBe(21);
  });
});

describe('the settings', () => {
  it('are read by everyone and changed by the service role alone', async () => {
    const anon = await stack.anon().from('forum_limits').select('post_interval_s, messages_per_day');
    expect(anon.data).toEqual([{ post_interval_s: 5, messages_per_day: 20 }]);
    const member = await established();
    const refused = await member.client.from('forum_limits').update({ post_interval_s: 0 }).eq('id', true);
    expect(refused.error?.code).toBe('42501');
    const service = await stack.service().from('forum_limits').update({ messages_per_day: 25 }).eq('id', true);
    expect(service.error).toBeNull();
    expect(await dbRow(stack, 'select post_interval_s, messages_per_day from public.forum_limits')).toEqual({
      post_interval_s: 5,
      messages_per_day: 25,
    });
    await stack.db.query('update public.forum_limits set messages_per_day = 20');
  });
});
