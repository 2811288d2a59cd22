// The review queue's filters, applied by review_queue() in the database so they reach past the first page: kind,
// flag reason, category, author (a username, any case) and the date the item was queued; a bad value is a 400
// saying which, and a member who is not staff reads nothing.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, makeReply, makeThread, type TestMember } from './members.ts';
import { startTestStack, type TestStack } from './stack.ts';

let stack: TestStack;
let moderator: TestMember;
let alice: TestMember;
let bob: TestMember;
let flagger: TestMember;
let market: string;
/** Alice's reply in General, flagged as spam. */
let spamItem: string;
/** Bob's reply in Market, flagged off topic, queued three days ago. */
let asideItem: string;
/** Bob's reply in Market, held for approval. */
let heldItem: string;

async function itemId(postId: string, kind: string): Promise<string> {
  const { rows } = await stack.db.query<{ id: string }>(
    'select id from public.reviewables where post_id = $1 and kind = $2',
    [postId, kind],
  );
  return rows[0]!.id;
}

async function reply(author: TestMember, categoryId?: string): Promise<string> {
  const thread = await makeThread(stack, author.id);
  if (categoryId)
    await stack.db.query('update public.threads set category_id = $2 where id = $1', [thread, categoryId]);
  return makeReply(stack, thread, author.id, `A reply by ${author.username}`);
}

beforeAll(async () => {
  stack = await startTestStack({ seed: false });
  const { rows } = await stack.db.query<{ id: string }>(
    `insert into public.categories (name, slug, type, order_index)
     values ('General', 'general', 'guapcoin', 1), ('Market', 'market', 'guapcoin', 2) returning id`,
  );
  market = rows[1]!.id;
  moderator = await createMember(stack, { role: 'moderator' });
  alice = await createMember(stack);
  bob = await createMember(stack);
  flagger = await createMember(stack, { trustLevel: 2 });

  const spamPost = await reply(alice);
  const asidePost = await reply(bob, market);
  const heldPost = await reply(bob, market);
  const flag = (post: string, reason: string) =>
    flagger.client.from('post_reports').insert({ id: randomUUID(), post_id: post, reason });
  expect((await flag(spamPost, 'spam')).error).toBeNull();
  expect((await flag(asidePost, 'off_topic')).error).toBeNull();
  await stack.db.query(`select public.hold_for_review($1, 'Three links in a first post')`, [heldPost]);
  spamItem = await itemId(spamPost, 'flagged_post');
  asideItem = await itemId(asidePost, 'flagged_post');
  heldItem = await itemId(heldPost, 'held_post');
  await stack.db.query(`update public.reviewables set created_at = now() - interval '3 days' where id = $1`, [
    asideItem,
  ]);
});
afterAll(async () => {
  await stack?.close();
});

const queue = (args: Record<string, unknown>, who: TestMember = moderator) =>
  who.client.rpc('review_queue', { max_rows: 100, ...args });

async function idsOf(args: Record<string, unknown>): Promise<string[]> {
  const { data, error, status } = await queue(args);
  expect(error).toBeNull();
  expect(status).toBe(200);
  return (data as { id: string }[]).map((r) => r.id).sort();
}

const sorted = (...ids: string[]) => [...ids].sort();

describe('review_queue filters', () => {
  it('without filters reads every pending item', async () => {
    expect(await idsOf({})).toEqual(sorted(spamItem, asideItem, heldItem));
  });

  it('by kind', async () => {
    expect(await idsOf({ with_kind: 'held_post' })).toEqual([heldItem]);
    expect(await idsOf({ with_kind: 'flagged_post' })).toEqual(sorted(spamItem, asideItem));
    expect(await idsOf({ with_kind: 'silenced_member' })).toEqual([]);
  });

  it('by flag reason: only flagged posts with such a flag', async () => {
    expect(await idsOf({ with_reason: 'spam' })).toEqual([spamItem]);
    expect(await idsOf({ with_reason: 'off_topic' })).toEqual([asideItem]);
    expect(await idsOf({ with_reason: 'illegal' })).toEqual([]);
  });

  it('by category', async () => {
    expect(await idsOf({ in_category: market })).toEqual(sorted(asideItem, heldItem));
    expect(await idsOf({ in_category: market, with_reason: 'off_topic' })).toEqual([asideItem]);
    expect(await idsOf({ in_category: randomUUID() })).toEqual([]);
  });

  it('by author, their username in any case; an unknown one matches nothing', async () => {
    expect(await idsOf({ by_author: alice.username.toUpperCase() })).toEqual([spamItem]);
    expect(await idsOf({ by_author: ` ${bob.username} ` })).toEqual(sorted(asideItem, heldItem));
    expect(await idsOf({ by_author: 'nobody_by_this_name' })).toEqual([]);
    expect(await idsOf({ by_author: '' })).toEqual(sorted(spamItem, asideItem, heldItem));
  });

  it('by the date queued', async () => {
    const dayAgo = new Date(Date.now() - 86_400_000).toISOString();
    expect(await idsOf({ queued_from: dayAgo })).toEqual(sorted(spamItem, heldItem));
    expect(await idsOf({ queued_before: dayAgo })).toEqual([asideItem]);
    expect(await idsOf({ queued_from: dayAgo, by_author: bob.username })).toEqual([heldItem]);
  });

  it('reach past the first page: the keyset pages the filtered items', async () => {
    const first = await queue({ by_author: bob.username, max_rows: 1 });
    const [top] = first.data as { id: string; score: number }[];
    const next = await queue({ by_author: bob.username, max_rows: 1, after_score: top!.score, after_id: top!.id });
    const [second] = next.data as { id: string }[];
    expect(sorted(top!.id, second!.id)).toEqual(sorted(asideItem, heldItem));
  });

  it('refuses a bad value with a 400 saying which', async () => {
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ with_kind: 'everything' }, /with_kind must be/],
      [{ with_reason: 'boring' }, /with_reason must be/],
      [{ queued_from: '2026-11-02T00:00:00Z', queued_before: '2026-11-01T00:00:00Z' }, /queued_from must be before/],
    ];
    for (const [args, message] of cases) {
      const { error, status } = await queue(args);
      expect(status).toBe(400);
      expect(error?.message).toMatch(message);
    }
  });

  it('reads nothing for a member who is not staff', async () => {
    const { data, status } = await queue({ by_author: alice.username }, alice);
    expect(status).toBe(403);
    expect(data).toBeNull();
  });
});
