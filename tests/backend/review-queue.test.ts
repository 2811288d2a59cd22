// The review queue: a flagged post is one item whose score is its open flags' sum, each flag explained; staff decide
// an item (agree, disagree, ignore) with the version they saw, and a stale version answers 409; a decision closes the
// flags (the flaggers' record, which their accuracy bonus counts from) and writes its audit row.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, dbRow, makeReply, makeThread, type TestMember } from './members.ts';
import { startTestStack, type TestStack } from './stack.ts';
import { logRowsOf } from './support/moderationLog.ts';

let stack: TestStack;
let moderator: TestMember;
let otherModerator: TestMember;
let author: TestMember;
let established: TestMember[];

beforeAll(async () => {
  stack = await startTestStack({ seed: false });
  await stack.db.query(
    `insert into public.categories (name, slug, type, order_index) values ('General', 'general', 'guapcoin', 1)`,
  );
  moderator = await createMember(stack, { role: 'moderator' });
  otherModerator = await createMember(stack, { role: 'moderator' });
  author = await createMember(stack);
  established = [];
  for (let i = 0; i < 3; i++) established.push(await createMember(stack, { trustLevel: 2 }));
});
afterAll(async () => {
  await stack?.close();
});

const flag = (who: TestMember, postId: string, reason = 'spam') =>
  who.client.from('post_reports').insert({ id: randomUUID(), post_id: postId, reason });

async function flaggedPost(flaggers: TestMember[] = established): Promise<string> {
  const thread = await makeThread(stack, author.id);
  const post = await makeReply(stack, thread, author.id, 'Send 1 GUAP, get 2 back.');
  for (const who of flaggers) expect((await flag(who, post)).error).toBeNull();
  return post;
}

interface Item {
  id: string;
  kind: string;
  status: string;
  score: number;
  version: number;
  post_id: string;
  flags: { reporter_id: string; trust_level: number; score: number; status: string }[];
}

async function itemOf(postId: string, status = 'pending'): Promise<Item | undefined> {
  const { data, error } = await moderator.client.rpc('review_queue', { with_status: status, max_rows: 100 });
  expect(error).toBeNull();
  return (data as unknown as Item[]).find((i) => i.post_id === postId);
}

const hidden = (postId: string) =>
  dbRow<{ hidden: boolean }>(stack, 'select hidden_at is not null as hidden from public.posts where id = $1', [
    postId,
  ]).then((r) => r!.hidden);

const flagStatuses = (postId: string) =>
  stack.db
    .query<{ status: string }>('select status from public.post_reports where post_id = $1 order by status', [postId])
    .then((r) => r.rows.map((x) => x.status));

const decide = (who: TestMember, item: Item, decision: string, version = item.version) =>
  who.client.rpc('review_decide', { item: item.id, item_version: version, decision });

describe('the queue', () => {
  it('holds one item per flagged post, its score the sum of its flags, each explained', async () => {
    const post = await flaggedPost(established.slice(0, 2));
    const item = await itemOf(post);
    expect(item).toMatchObject({ kind: 'flagged_post', status: 'pending', score: 6 });
    expect(item!.flags.map((f) => [f.reporter_id, f.trust_level, f.score])).toEqual([
      [established[0]!.id, 2, 3],
      [established[1]!.id, 2, 3],
    ]);
    expect((await flag(established[2]!, post)).error).toBeNull();
    const after = await itemOf(post);
    expect(after).toMatchObject({ id: item!.id, score: 9 });
    expect(after!.version).toBeGreaterThan(item!.version);
    expect(await hidden(post)).toBe(true);
  });

  it('scores level 0 flags 1 each, so three (were they let through) hide nothing', async () => {
    const thread = await makeThread(stack, author.id);
    const post = await makeReply(stack, thread, author.id, 'An honest post');
    for (let i = 0; i < 3; i++) {
      const newcomer = await createMember(stack);
      await stack.db.query(`insert into public.post_reports (post_id, reporter_id, reason) values ($1, $2, 'spam')`, [
        post,
        newcomer.id,
      ]);
    }
    expect(await itemOf(post)).toMatchObject({ score: 3 });
    expect(await hidden(post)).toBe(false);
  });

  it('is for staff: a member reads nothing of it and decides nothing', async () => {
    const post = await flaggedPost();
    const item = (await itemOf(post))!;
    const read = await author.client.rpc('review_queue', {});
    expect(read.error?.code).toBe('42501');
    expect((await author.client.from('reviewables').select('id')).data).toEqual([]);
    const refused = await decide(author, item, 'disagree');
    expect(refused.status).toBe(403);
    expect(await itemOf(post)).toMatchObject({ status: 'pending', version: item.version });
    expect(await hidden(post)).toBe(true);
  });
});

describe('decisions', () => {
  it('agree keeps the post hidden and resolves its flags, with one audit row', async () => {
    const post = await flaggedPost();
    const item = (await itemOf(post))!;
    const rows = await logRowsOf(stack, async () => {
      const { data, error } = await decide(moderator, item, 'agree');
      expect(error).toBeNull();
      expect(data).toEqual([{ id: item.id, status: 'agreed', version: item.version + 1 }]);
    });
    expect(rows).toEqual([
      expect.objectContaining({
        action: 'review_agree',
        actor_id: moderator.id,
        target_user_id: author.id,
        post_id: post,
        details: { item: item.id, kind: 'flagged_post', score: 9, flags: 3 },
      }),
    ]);
    expect(await hidden(post)).toBe(true);
    expect(await flagStatuses(post)).toEqual(['resolved', 'resolved', 'resolved']);
    expect(await itemOf(post, 'agreed')).toMatchObject({ id: item.id });
  });

  it('disagree shows the post again and dismisses its flags; ignore leaves the post as it is', async () => {
    const post = await flaggedPost();
    expect((await decide(moderator, (await itemOf(post))!, 'disagree')).error).toBeNull();
    expect(await hidden(post)).toBe(false);
    expect(await flagStatuses(post)).toEqual(['dismissed', 'dismissed', 'dismissed']);

    const other = await flaggedPost(established.slice(0, 1));
    expect((await decide(moderator, (await itemOf(other))!, 'ignore')).error).toBeNull();
    expect(await hidden(other)).toBe(false);
    expect(await flagStatuses(other)).toEqual(['ignored']);
    expect(await itemOf(other, 'ignored')).toBeDefined();
  });

  it("agreed flags raise a flagger's later flags by the accuracy bonus", async () => {
    const flagger = await createMember(stack, { trustLevel: 1 });
    for (let i = 0; i < 5; i++) {
      const post = await flaggedPost([flagger]);
      expect((await decide(moderator, (await itemOf(post))!, 'agree')).error).toBeNull();
    }
    const post = await flaggedPost([flagger]);
    expect((await itemOf(post))!.flags).toEqual([expect.objectContaining({ trust_level: 1, score: 4 })]);
  });

  it('two moderators on one item: one wins, the other gets 409 with the newer state, and nothing twice', async () => {
    const post = await flaggedPost();
    const item = (await itemOf(post))!;
    const before = await dbRow<{ n: number }>(stack, 'select count(*)::int as n from public.moderation_log');
    const answers = await Promise.all([decide(moderator, item, 'disagree'), decide(otherModerator, item, 'agree')]);
    const won = answers.filter((a) => a.error === null);
    const lost = answers.filter((a) => a.error !== null);
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(1);
    expect(lost[0]!.status).toBe(409);
    expect(lost[0]!.error).toMatchObject({ code: 'PT409' });
    const winner = won[0]!.data as unknown as { status: string; version: number }[];
    expect(JSON.parse(lost[0]!.error!.details)).toEqual({ status: winner[0]!.status, version: winner[0]!.version });
    const after = await dbRow<{ n: number }>(stack, 'select count(*)::int as n from public.moderation_log');
    expect(after!.n).toBe(before!.n + 1);
    expect(await hidden(post)).toBe(winner[0]!.status === 'agreed');
  });

  it('a stale version is 409 and changes nothing; a bad decision is 400', async () => {
    const post = await flaggedPost(established.slice(0, 2));
    const seen = (await itemOf(post))!;
    expect((await flag(established[2]!, post)).error).toBeNull();
    const stale = await decide(moderator, seen, 'disagree');
    expect(stale.status).toBe(409);
    expect(await hidden(post)).toBe(true);
    expect(await flagStatuses(post)).toEqual(['open', 'open', 'open']);
    const bad = await decide(moderator, (await itemOf(post))!, 'delete');
    expect(bad.status).toBe(400);
    const unknown = await moderator.client.rpc('review_decide', {
      item: randomUUID(),
      item_version: 1,
      decision: 'agree',
    });
    expect(unknown.status).toBe(400);
  });

  it("the Reports tab's dismissal decides the item too", async () => {
    const post = await flaggedPost();
    const item = (await itemOf(post))!;
    expect((await moderator.client.rpc('dismiss_reports', { post_id: post })).error).toBeNull();
    expect(await itemOf(post, 'disagreed')).toMatchObject({ id: item.id });
    expect(await itemOf(post)).toBeUndefined();
  });
});
