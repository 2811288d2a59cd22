// The notification delivery queue: deliveries queued per channel from the recipient's preferences, claimed
// and finished by the service role alone; a claim is a lease, so a delivery whose sender died mid-batch is
// handed out again once the lease runs out, and never while it runs.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, makeReply, makeThread, type TestMember } from './members.ts';
import { startTestStack, type TestStack } from './stack.ts';

let stack: TestStack;
let author: TestMember;
let replier: TestMember;

beforeAll(async () => {
  stack = await startTestStack({ seed: false });
  await stack.db.query(`insert into public.categories (name, slug, type) values ('General', 'general', 'guapcoin')`);
  author = await createMember(stack);
  replier = await createMember(stack);
});
afterAll(async () => {
  await stack?.close();
});

interface Delivery {
  id: string;
  channel: string;
  state: string;
  attempts: number;
  next_attempt_at: Date;
  last_error: string | null;
}
/** The deliveries of the notifications about a post or a message, read past RLS. */
async function deliveriesOf(column: 'post_id' | 'message_id', id: string): Promise<Delivery[]> {
  const { rows } = await stack.db.query<Delivery>(
    `select d.id, d.channel, d.state, d.attempts, d.next_attempt_at, d.last_error
     from public.notification_deliveries d join public.notifications n on n.id = d.notification_id
     where n.${column} = $1 order by d.channel`,
    [id],
  );
  return rows;
}
const setPreferences = (member: TestMember, prefs: Record<string, unknown>) =>
  stack.db.query('update public.profiles set notification_preferences = $2 where id = $1', [member.id, prefs]);
const DEFAULTS = { emailReplies: true, emailMentions: true, emailMessages: true, pushEnabled: false };
const sendMessage = async (to: TestMember) => {
  const id = randomUUID();
  await stack.db.query(
    `insert into public.messages (id, sender_id, recipient_id, subject, content) values ($1, $2, $3, 'Hello', 'Hi')`,
    [id, replier.id, to.id],
  );
  return id;
};
/** A reply by replier in a fresh thread of author's: one 'reply' notification for author. */
const replyToAuthor = async (content?: string) =>
  makeReply(stack, await makeThread(stack, author.id), replier.id, content);
const claim = (maxRows = 1000) => stack.service().rpc('claim_notification_deliveries', { max_rows: maxRows });
const finish = (id: string, ok: boolean, error?: string) =>
  stack.service().rpc('finish_notification_delivery', { id, ok, error });
const channels = (rows: Delivery[]) => rows.map((d) => `${d.channel}:${d.state}`);

describe('queuing follows the recipient’s notification_preferences', () => {
  it('queues email alone by default (push is off until turned on)', async () => {
    await setPreferences(author, DEFAULTS);
    expect(channels(await deliveriesOf('message_id', await sendMessage(author)))).toEqual(['email:queued']);
    expect(channels(await deliveriesOf('post_id', await replyToAuthor()))).toEqual(['email:queued']);
  });

  it('queues no email with the kind’s email toggle off, and push when pushEnabled', async () => {
    await setPreferences(author, {
      emailReplies: false,
      emailMentions: false,
      emailMessages: false,
      pushEnabled: true,
    });
    expect(channels(await deliveriesOf('message_id', await sendMessage(author)))).toEqual(['push:queued']);
    expect(channels(await deliveriesOf('post_id', await replyToAuthor()))).toEqual(['push:queued']);
    const mention = await makeReply(stack, await makeThread(stack, replier.id), replier.id, `@${author.username} hi`);
    expect(channels(await deliveriesOf('post_id', mention))).toEqual(['push:queued']);
    await setPreferences(author, { ...DEFAULTS, emailMessages: false });
    expect(await deliveriesOf('message_id', await sendMessage(author))).toEqual([]);
    await setPreferences(author, { ...DEFAULTS, emailReplies: false });
    expect(await deliveriesOf('post_id', await replyToAuthor())).toEqual([]);
    const muted = await makeReply(stack, await makeThread(stack, replier.id), replier.id, `@${author.username} hi`);
    await setPreferences(author, DEFAULTS);
    expect(channels(await deliveriesOf('post_id', muted))).toEqual(['email:queued']);
  });

  it('queues push alone for a like, and only once however many likes follow', async () => {
    await setPreferences(author, { ...DEFAULTS, pushEnabled: true });
    const threadId = await makeThread(stack, author.id);
    const { rows } = await stack.db.query<{ id: string }>('select id from public.posts where thread_id = $1', [
      threadId,
    ]);
    const postOfAuthor = rows[0]!.id;
    const third = await createMember(stack);
    for (const liker of [replier, third]) {
      const { error } = await liker.client.from('post_likes').insert({ post_id: postOfAuthor, user_id: liker.id });
      expect(error).toBeNull();
    }
    expect(channels(await deliveriesOf('post_id', postOfAuthor))).toEqual(['push:queued']);
    await setPreferences(author, DEFAULTS);
  });
});

describe('the sender claims and finishes deliveries', () => {
  it('claims what is due with what a mail needs, once: a claimed delivery is not handed out again in its lease', async () => {
    await claim();
    const postId = await replyToAuthor('A **bold** [link](https://example.test) and `code`.');
    const { data, error } = await claim();
    expect(error).toBeNull();
    const [delivery] = await deliveriesOf('post_id', postId);
    const thread = (
      await stack.db.query<{ id: string; slug: string; title: string }>(
        'select t.id, t.slug, t.title from public.threads t join public.posts p on p.thread_id = t.id where p.id = $1',
        [postId],
      )
    ).rows[0]!;
    expect(data).toEqual([
      expect.objectContaining({
        delivery_id: delivery!.id,
        channel: 'email',
        attempt: 1,
        kind: 'reply',
        recipient_id: author.id,
        recipient_email: author.email,
        actor_id: replier.id,
        actor_name: replier.username,
        actor_count: 1,
        thread_id: thread.id,
        thread_slug: thread.slug,
        thread_title: thread.title,
        post_id: postId,
        message_id: null,
        message_subject: null,
        excerpt: 'A bold link and code .',
      }),
    ]);
    expect(channels(await deliveriesOf('post_id', postId))).toEqual(['email:sending']);
    // The sender "crashes" here, after sending and before finishing: within the lease, nobody gets it again.
    expect(await claim()).toMatchObject({ error: null, data: [] });
    expect(await deliveriesOf('post_id', postId)).toEqual([expect.objectContaining({ state: 'sending', attempts: 1 })]);
    const { rows } = await stack.db.query<{ lease_s: number }>(
      `select extract(epoch from claimed_until - claimed_at)::float8 as lease_s from public.notification_deliveries
       where id = $1`,
      [delivery!.id],
    );
    expect(rows).toEqual([{ lease_s: 300 }]);
  });

  it('hands a delivery out again once its lease ran out, and gives it up when the 8th lease runs out', async () => {
    await claim();
    const postId = await replyToAuthor();
    const [delivery] = await deliveriesOf('post_id', postId);
    const leaseRunsOut = () =>
      stack.db.query(
        `update public.notification_deliveries set claimed_until = now() - interval '1 second' where id = $1`,
        [delivery!.id],
      );
    for (let attempt = 1; attempt <= 8; attempt += 1) {
      const claimed = await claim();
      expect(claimed.data!.map((d: { delivery_id: string; attempt: number }) => [d.delivery_id, d.attempt])).toEqual([
        [delivery!.id, attempt],
      ]);
      await leaseRunsOut();
    }
    expect(await claim()).toMatchObject({ error: null, data: [] });
    expect(await deliveriesOf('post_id', postId)).toEqual([
      expect.objectContaining({ state: 'failed', attempts: 8, last_error: expect.stringMatching(/stopped 8 times/) }),
    ]);
  });

  it('records a delivery sent by the sender whose lease ran out, and leaves it sent for the one that took it over', async () => {
    await claim();
    const postId = await replyToAuthor();
    const [delivery] = await deliveriesOf('post_id', postId);
    await claim();
    await stack.db.query(
      `update public.notification_deliveries set claimed_until = now() - interval '1 second' where id = $1`,
      [delivery!.id],
    );
    expect((await claim()).data).toHaveLength(1);
    const rpc = (outcome: string) =>
      stack.service().rpc('finish_notification_deliveries', { results: [{ id: delivery!.id, outcome }] });
    expect(await rpc('sent')).toMatchObject({ error: null, data: [{ delivery_id: delivery!.id, state: 'sent' }] });
    expect(await rpc('retry')).toMatchObject({ error: null, data: [] });
    expect(await deliveriesOf('post_id', postId)).toEqual([expect.objectContaining({ state: 'sent', attempts: 2 })]);
  });

  it('marks a delivery sent once, and refuses to finish it again or one never claimed (400)', async () => {
    await claim();
    const postId = await replyToAuthor();
    const [delivery] = await deliveriesOf('post_id', postId);
    const early = await finish(delivery!.id, true);
    expect(early).toMatchObject({ status: 400, error: { code: '22023' } });
    expect(channels(await deliveriesOf('post_id', postId))).toEqual(['email:queued']);
    await claim();
    expect(await finish(delivery!.id, true)).toMatchObject({ error: null, data: 'sent' });
    const again = await finish(delivery!.id, false, 'late');
    expect(again).toMatchObject({ status: 400, error: { code: '22023' } });
    expect(await deliveriesOf('post_id', postId)).toEqual([
      expect.objectContaining({ state: 'sent', attempts: 1, last_error: null }),
    ]);
    const unknown = await finish(randomUUID(), true);
    expect(unknown).toMatchObject({ status: 400, error: { code: '22023' } });
  });

  it('retries a failed delivery with backoff from 30 s, and gives up after 8 attempts', async () => {
    await claim();
    const postId = await replyToAuthor();
    const [delivery] = await deliveriesOf('post_id', postId);
    for (let attempt = 1; attempt <= 8; attempt += 1) {
      const claimed = await claim();
      expect(claimed.data!.map((d: { delivery_id: string }) => d.delivery_id)).toEqual([delivery!.id]);
      const before = Date.now();
      const { data } = await finish(delivery!.id, false, `refused ${attempt}`);
      const [row] = await deliveriesOf('post_id', postId);
      expect(row).toMatchObject({ attempts: attempt, last_error: `refused ${attempt}` });
      if (attempt === 8) {
        expect(data).toBe('failed');
        expect(row!.state).toBe('failed');
        break;
      }
      expect(data).toBe('queued');
      const wait = row!.next_attempt_at.getTime() - before;
      expect(wait).toBeGreaterThan(30_000 * 2 ** (attempt - 1) - 5_000);
      expect(wait).toBeLessThan(30_000 * 2 ** (attempt - 1) + 5_000);
      expect(await claim()).toMatchObject({ data: [] });
      await stack.db.query(
        `update public.notification_deliveries set next_attempt_at = now() - interval '1 second' where id = $1`,
        [delivery!.id],
      );
    }
    expect(await claim()).toMatchObject({ data: [] });
  });

  it('never hands out a delivery whose post or message went before it was claimed', async () => {
    await claim();
    const postId = await replyToAuthor();
    const messageId = await sendMessage(author);
    await stack.db.query('delete from public.posts where id = $1', [postId]);
    await stack.db.query('delete from public.messages where id = $1', [messageId]);
    expect(await claim()).toMatchObject({ error: null, data: [] });
  });

  it('hands two senders claiming at once disjoint deliveries', async () => {
    await claim();
    for (let i = 0; i < 6; i += 1) await replyToAuthor();
    const [a, b] = await Promise.all([claim(4), claim(4)]);
    const ids = [...a.data!, ...b.data!].map((d: { delivery_id: string }) => d.delivery_id);
    expect(ids).toHaveLength(6);
    expect(new Set(ids).size).toBe(6);
  });

  it('answers a max_rows out of range with a 400', async () => {
    for (const maxRows of [0, 1001]) {
      expect(await claim(maxRows)).toMatchObject({ status: 400, error: { code: '22023' } });
    }
  });
});

describe('only the sender reaches the queue', () => {
  it('refuses members and visitors the queue and the sender’s functions, changing nothing', async () => {
    await claim();
    const postId = await replyToAuthor();
    const [delivery] = await deliveriesOf('post_id', postId);
    for (const client of [author.client, stack.anon()]) {
      expect((await client.from('notification_deliveries').select('id')).error?.code).toBe('42501');
      const update = await client.from('notification_deliveries').update({ state: 'sent' }).eq('id', delivery!.id);
      expect(update.error?.code).toBe('42501');
      const claimed = await client.rpc('claim_notification_deliveries', { max_rows: 10 });
      expect(claimed.error?.code).toBe('42501');
      const finished = await client.rpc('finish_notification_delivery', { id: delivery!.id, ok: true });
      expect(finished.error?.code).toBe('42501');
    }
    expect(channels(await deliveriesOf('post_id', postId))).toEqual(['email:queued']);
  });
});
