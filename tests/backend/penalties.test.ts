// Silence and suspend: timed by staff (1, 3, 7 or 30 days) with a reason the member reads; a silenced member reads
// and messages staff but posts nothing; a suspended member writes nothing; both end by themselves; a new account
// flagged as spam by three members is silenced until staff decide.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, dbRow, makeReply, makeThread, type TestMember } from './members.ts';
import { startTestStack, type TestStack } from './stack.ts';
import { logRowsOf } from './support/moderationLog.ts';

let stack: TestStack;
let moderator: TestMember;
let otherModerator: TestMember;
let friend: TestMember;
let thread: string;

beforeAll(async () => {
  stack = await startTestStack({ seed: false });
  await stack.db.query(
    `insert into public.categories (name, slug, type, order_index) values ('General', 'general', 'guapcoin', 1)`,
  );
  moderator = await createMember(stack, { role: 'moderator' });
  otherModerator = await createMember(stack, { role: 'moderator' });
  friend = await createMember(stack, { trustLevel: 1 });
  thread = await makeThread(stack, friend.id);
});
afterAll(async () => {
  await stack?.close();
});

const reply = (who: TestMember, content = 'My reply to the thread.') =>
  who.client.from('posts').insert({ id: randomUUID(), thread_id: thread, author_id: who.id, content, type: 'reply' });

const message = (who: TestMember, to: TestMember) =>
  who.client
    .from('messages')
    .insert({ id: randomUUID(), sender_id: who.id, recipient_id: to.id, subject: 'Hello', content: 'A message' });

const postsBy = (who: TestMember) =>
  dbRow<{ n: number }>(stack, 'select count(*)::int as n from public.posts where author_id = $1', [who.id]).then(
    (r) => r!.n,
  );

const penalize = (who: TestMember, target: TestMember, kind: string, days = 3, reason = 'Posting scam links') =>
  who.client.rpc('penalize_member', { member: target.id, kind, days, reason });

/** The penalty ends as time passes: its end moved into the past. */
const endNow = (target: TestMember) =>
  stack.db.query(`update public.member_penalties set ends_at = now() - interval '1 second' where member_id = $1`, [
    target.id,
  ]);

describe('silence', () => {
  it('stops posting with the reason and end date, and ends by itself', async () => {
    const member = await createMember(stack);
    const rows = await logRowsOf(stack, async () => {
      expect((await penalize(moderator, member, 'silence')).error).toBeNull();
    });
    expect(rows).toEqual([
      expect.objectContaining({ action: 'silence', target_user_id: member.id, reason: 'Posting scam links' }),
    ]);
    const refused = await reply(member);
    expect(refused.status).toBe(403);
    expect(refused.error!.message).toMatch(
      /^You are silenced until \d{4}-\d\d-\d\d \d\d:\d\d UTC: Posting scam links$/,
    );
    expect(JSON.parse(refused.error!.details)).toMatchObject({ penalty: 'silence', reason: 'Posting scam links' });
    expect(await postsBy(member)).toBe(0);

    // They still read, and see why and until when.
    expect((await member.client.from('posts').select('id').eq('thread_id', thread)).error).toBeNull();
    const own = await member.client.from('member_penalties').select('kind, reason, ends_at');
    expect(own.data).toEqual([expect.objectContaining({ kind: 'silence', reason: 'Posting scam links' })]);

    await endNow(member);
    expect((await reply(member)).error).toBeNull();
    expect(await postsBy(member)).toBe(1);
  });

  it('lets private messages reach staff only', async () => {
    const member = await createMember(stack);
    expect((await penalize(moderator, member, 'silence', 1)).error).toBeNull();
    const toMember = await message(member, friend);
    expect(toMember.status).toBe(403);
    expect(toMember.error!.message).toMatch(/^You are silenced until /);
    expect((await message(member, moderator)).error).toBeNull();
    // They still read their messages: the one they sent staff, and staff's answer.
    expect((await message(moderator, member)).error).toBeNull();
    const inbox = await member.client.from('messages').select('sender_id, recipient_id');
    expect(inbox.error).toBeNull();
    expect(inbox.data).toEqual(
      expect.arrayContaining([
        { sender_id: member.id, recipient_id: moderator.id },
        { sender_id: moderator.id, recipient_id: member.id },
      ]),
    );
    expect(inbox.data).toHaveLength(2);
  });

  it('is lifted early by staff, with an audit row', async () => {
    const member = await createMember(stack);
    expect((await penalize(moderator, member, 'silence', 30)).error).toBeNull();
    const rows = await logRowsOf(stack, async () => {
      expect(await moderator.client.rpc('lift_penalty', { member: member.id, kind: 'silence' })).toMatchObject({
        data: true,
      });
    });
    expect(rows).toEqual([expect.objectContaining({ action: 'lift_penalty', target_user_id: member.id })]);
    expect((await reply(member)).error).toBeNull();
  });
});

describe('suspend', () => {
  it('stops every write (reply, message, like, profile) until it ends', async () => {
    const member = await createMember(stack);
    const post = await makeReply(stack, thread, friend.id, 'A post to like');
    expect((await penalize(moderator, member, 'suspend', 7, 'Harassment')).error).toBeNull();
    const writes = [
      await reply(member),
      await message(member, moderator),
      await member.client.from('post_likes').insert({ id: randomUUID(), post_id: post, user_id: member.id }),
      await member.client.from('profiles').update({ bio: 'Back soon' }).eq('id', member.id),
    ];
    for (const w of writes) {
      expect(w.status).toBe(403);
      expect(w.error!.message).toMatch(/^You are suspended until .*: Harassment$/);
    }
    expect(await postsBy(member)).toBe(0);
    await endNow(member);
    expect((await reply(member)).error).toBeNull();
  });
});

describe('who gives one, and what it takes', () => {
  it('refuses members, moderators on moderators, oneself, other lengths and no reason, changing nothing', async () => {
    const member = await createMember(stack);
    expect((await penalize(member, friend, 'silence')).status).toBe(403);
    expect((await penalize(moderator, otherModerator, 'suspend')).status).toBe(403);
    expect((await penalize(moderator, moderator, 'suspend')).status).toBe(403);
    expect((await penalize(moderator, member, 'silence', 2)).status).toBe(400);
    expect((await penalize(moderator, member, 'silence', 3, '  ')).status).toBe(400);
    expect((await penalize(moderator, member, 'mute', 3)).status).toBe(400);
    expect(
      await dbRow(stack, 'select count(*)::int as n from public.member_penalties where member_id in ($1, $2, $3)', [
        member.id,
        friend.id,
        otherModerator.id,
      ]),
    ).toEqual({ n: 0 });
  });
});

describe('automatic silence', () => {
  it('silences a new account flagged as spam by three members until staff decide; disagree lifts it', async () => {
    const spammer = await createMember(stack);
    const posts = [
      await makeReply(stack, thread, spammer.id, 'Free GUAP'),
      await makeReply(stack, thread, spammer.id, 'x'),
    ];
    const flaggers = [
      friend,
      await createMember(stack, { trustLevel: 1 }),
      await createMember(stack, { trustLevel: 1 }),
    ];
    for (const [i, who] of flaggers.entries()) {
      const flagged = await who.client
        .from('post_reports')
        .insert({ id: randomUUID(), post_id: posts[i % 2]!, reason: 'spam' });
      expect(flagged.error).toBeNull();
    }
    expect((await reply(spammer)).status).toBe(403);
    const { data } = await moderator.client.rpc('review_queue', { max_rows: 100 });
    const item = (data as unknown as { id: string; kind: string; version: number; target_user_id: string }[]).find(
      (i) => i.kind === 'silenced_member' && i.target_user_id === spammer.id,
    );
    expect(item).toBeDefined();
    const decided = await moderator.client.rpc('review_decide', {
      item: item!.id,
      item_version: item!.version,
      decision: 'disagree',
    });
    expect(decided.error).toBeNull();
    expect((await reply(spammer)).error).toBeNull();
  });
});
