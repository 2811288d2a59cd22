// Decisions in bundles: agree with a silence or suspension in one transaction; "delete spammer" in one step.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, dbRow, makeReply, makeThread, type TestMember } from './members.ts';
import { startTestStack, type TestStack } from './stack.ts';
import { logRowsOf } from './support/moderationLog.ts';

let stack: TestStack;
let admin: TestMember;
let moderator: TestMember;
let flaggers: TestMember[];
let thread: string;

beforeAll(async () => {
  stack = await startTestStack({ seed: false });
  await stack.db.query(
    `insert into public.categories (name, slug, type, order_index) values ('General', 'general', 'guapcoin', 1)`,
  );
  admin = await createMember(stack, { role: 'admin' });
  moderator = await createMember(stack, { role: 'moderator' });
  flaggers = [];
  for (let i = 0; i < 3; i++) flaggers.push(await createMember(stack, { trustLevel: 2 }));
  thread = await makeThread(stack, admin.id);
});
afterAll(async () => {
  await stack?.close();
});

/** A post by `author`, flagged by every flagger; its pending item. */
async function flagged(author: TestMember): Promise<{ post: string; id: string; version: number }> {
  const post = await makeReply(stack, thread, author.id, 'Buy followers cheap');
  for (const who of flaggers) {
    expect(
      (await who.client.from('post_reports').insert({ id: randomUUID(), post_id: post, reason: 'spam' })).error,
    ).toBeNull();
  }
  const item = await dbRow<{ id: string; version: number }>(
    stack,
    `select id, version from public.reviewables where post_id = $1 and status = 'pending'`,
    [post],
  );
  return { post, ...item! };
}

describe('agree with a penalty', () => {
  it('agrees and suspends in one call, each in the audit log', async () => {
    const author = await createMember(stack);
    const item = await flagged(author);
    const rows = await logRowsOf(stack, async () => {
      const { error } = await moderator.client.rpc('review_decide', {
        item: item.id,
        item_version: item.version,
        decision: 'agree',
        penalty: 'suspend',
        penalty_days: 7,
        penalty_reason: 'Spam links',
      });
      expect(error).toBeNull();
    });
    expect(rows.map((r) => r.action).sort()).toEqual(['review_agree', 'suspend']);
    expect(
      await dbRow(stack, `select kind, reason from public.member_penalties where member_id = $1 and kind = 'suspend'`, [
        author.id,
      ]),
    ).toEqual({ kind: 'suspend', reason: 'Spam links' });
  });

  it('a refused penalty leaves the item undecided and the post as it was', async () => {
    const author = await createMember(stack);
    const item = await flagged(author);
    const { status } = await moderator.client.rpc('review_decide', {
      item: item.id,
      item_version: item.version,
      decision: 'agree',
      penalty: 'suspend',
      penalty_days: 2,
      penalty_reason: 'Spam links',
    });
    expect(status).toBe(400);
    expect(await dbRow(stack, 'select status, version from public.reviewables where id = $1', [item.id])).toEqual({
      status: 'pending',
      version: item.version,
    });
    expect(
      await dbRow(stack, 'select count(*)::int as n from public.post_reports where post_id = $1 and status = $2', [
        item.post,
        'open',
      ]),
    ).toEqual({ n: 3 });
  });
});

describe('delete spammer', () => {
  it('bans a new member, deletes their posts and decides their items, in one step', async () => {
    const spammer = await createMember(stack);
    const item = await flagged(spammer);
    await makeReply(stack, thread, spammer.id, 'More spam');
    const { data, error } = await admin.client.rpc('delete_spammer', { member: spammer.id });
    expect(error).toBeNull();
    // The flagged post, and the silence three spam flags brought on a new account.
    expect(data).toBe(2);
    expect(
      await dbRow(stack, 'select count(*)::int as n from public.posts where author_id = $1', [spammer.id]),
    ).toEqual({ n: 0 });
    expect(await dbRow(stack, 'select is_banned from public.profiles where id = $1', [spammer.id])).toEqual({
      is_banned: true,
    });
    expect(await dbRow(stack, 'select count(*)::int as n from public.reviewables where id = $1', [item.id])).toEqual({
      n: 0,
    });
    expect(
      await dbRow(
        stack,
        `select status from public.reviewables where target_user_id = $1 and kind = 'silenced_member'`,
        [spammer.id],
      ),
    ).toEqual({ status: 'agreed' });
  });

  it('is for moderators too: a moderator deletes a new member as a spammer, logged as their ban', async () => {
    const spammer = await createMember(stack);
    await flagged(spammer);
    const rows = await logRowsOf(stack, async () => {
      expect(await moderator.client.rpc('delete_spammer', { member: spammer.id })).toMatchObject({ error: null });
    });
    expect(rows).toContainEqual(
      expect.objectContaining({ action: 'ban', actor_id: moderator.id, target_user_id: spammer.id, reason: 'Spammer' }),
    );
    expect(
      await dbRow(stack, 'select count(*)::int as n from public.posts where author_id = $1', [spammer.id]),
    ).toEqual({ n: 0 });
    expect(await dbRow(stack, 'select is_banned from public.profiles where id = $1', [spammer.id])).toEqual({
      is_banned: true,
    });
  });

  it('is refused to members, on staff accounts and on established members, changing nothing', async () => {
    const spammer = await createMember(stack);
    await makeReply(stack, thread, spammer.id, 'Spam');
    const member = await createMember(stack, { trustLevel: 2 });
    expect((await member.client.rpc('delete_spammer', { member: spammer.id })).status).toBe(403);
    const otherModerator = await createMember(stack, { role: 'moderator' });
    await makeReply(stack, thread, otherModerator.id, 'Read the rules');
    for (const [who, target] of [
      [moderator, otherModerator],
      [moderator, admin],
      [admin, otherModerator],
    ] as const) {
      const refused = await who.client.rpc('delete_spammer', { member: target.id });
      expect(refused.status).toBe(403);
      expect(refused.error!.message).toBe('A moderator or admin cannot be deleted as a spammer');
    }
    const regular = await createMember(stack, { trustLevel: 2 });
    await makeReply(stack, thread, regular.id, 'A real post');
    for (const who of [moderator, admin]) {
      expect((await who.client.rpc('delete_spammer', { member: regular.id })).status).toBe(400);
    }
    for (const who of [spammer, regular, otherModerator]) {
      expect(await dbRow(stack, 'select count(*)::int as n from public.posts where author_id = $1', [who.id])).toEqual({
        n: 1,
      });
    }
    expect(
      await dbRow(stack, 'select count(*)::int as n from public.profiles where id in ($1, $2, $3, $4) and is_banned', [
        spammer.id,
        regular.id,
        otherModerator.id,
        admin.id,
      ]),
    ).toEqual({ n: 0 });
  });

  it('leaves the general ban to admins: a moderator cannot ban a member', async () => {
    const member = await createMember(stack);
    const refused = await moderator.client.rpc('ban_user', { target: member.id, reason: 'Spam', delete_posts: true });
    expect(refused.status).toBe(403);
    expect(await dbRow(stack, 'select is_banned from public.profiles where id = $1', [member.id])).toEqual({
      is_banned: false,
    });
    expect(
      (await moderator.client.rpc('apply_ban', { target: member.id, reason: 'Spam', delete_posts: true })).error,
    ).not.toBeNull();
    expect(await dbRow(stack, 'select is_banned from public.profiles where id = $1', [member.id])).toEqual({
      is_banned: false,
    });
  });
});
