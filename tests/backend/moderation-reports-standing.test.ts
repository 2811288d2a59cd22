// Reports at scale: a report (flag) weighs 1 + its reporter's trust level, and a post hides once its open reports
// weigh public.trust_settings.flag_hide_score, so new accounts hide nothing (level 0 cannot report at all), and never
// a moderator's or an admin's post; a member reports at most reports_per_day posts a day (PT429, as the other rate
// limits); staff dismiss every open report of one reporter in one action.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, dbRow, makeReply, makeThread, type TestMember } from './members.ts';
import { startTestStack, type TestStack } from './stack.ts';

let stack: TestStack;
let moderator: TestMember;
let admin: TestMember;
let author: TestMember;
/** Established members (trust level 2), three of whose reports hide a post. */
let established: TestMember[];
/** Accounts made a moment ago, as an attacker's would be. */
let fresh: TestMember[];
/** Members at trust level 1: they may report, and three of them do not hide a post. */
let basic: TestMember[];

beforeAll(async () => {
  stack = await startTestStack({ seed: false });
  await stack.db.query(
    `insert into public.categories (name, slug, type, order_index) values ('General', 'general', 'guapcoin', 1)`,
  );
  moderator = await createMember(stack, { role: 'moderator' });
  admin = await createMember(stack, { role: 'admin' });
  author = await createMember(stack);
  established = [];
  fresh = [];
  basic = [];
  for (let i = 0; i < 3; i++) {
    established.push(await createMember(stack, { standing: true }));
    fresh.push(await createMember(stack));
    basic.push(await createMember(stack, { trustLevel: 1 }));
  }
});
afterAll(async () => {
  await stack?.close();
});

const report = (who: TestMember, postId: string, id: string = randomUUID()) =>
  who.client.from('post_reports').insert({ id, post_id: postId, reason: 'spam' });

const postState = (postId: string) =>
  dbRow<{ content: string; hidden: boolean }>(
    stack,
    'select content, hidden_at is not null as hidden from public.posts where id = $1',
    [postId],
  );

async function replyBy(who: TestMember, content = 'A reply that three accounts do not like.') {
  const thread = await makeThread(stack, author.id);
  return makeReply(stack, thread, who.id, content);
}

interface QueueRow {
  post_id: string;
  report_count: number;
  hidden: boolean;
  reporters: { id: string; username: string; standing: boolean; open_reports: number; score: number }[];
}

const queued = async (postId: string) => {
  const { data, error } = await moderator.client.rpc('open_reports', { max_rows: 100 });
  expect(error).toBeNull();
  return (data as unknown as QueueRow[]).find((r) => r.post_id === postId);
};

const openReportsOf = (postId: string) =>
  dbRow<{ n: number }>(
    stack,
    `select count(*)::int as n from public.post_reports where post_id = $1 and status = 'open'`,
    [postId],
  ).then((r) => r!.n);

describe('standing', () => {
  it('three new accounts cannot report at all: refused, and the post and the queue stay as they were', async () => {
    const post = await replyBy(author);
    for (const who of fresh) {
      const refused = await report(who, post);
      expect(refused.status).toBe(403);
      expect(refused.error).toMatchObject({ code: '42501', message: 'New members cannot flag posts yet' });
    }
    expect(await postState(post)).toEqual({ content: 'A reply that three accounts do not like.', hidden: false });
    expect(await openReportsOf(post)).toBe(0);
    expect(await queued(post)).toBeUndefined();
  });

  it("three level 1 members' reports reach the queue but do not hide the post (3 x 2 < 8.3)", async () => {
    const post = await replyBy(author);
    for (const who of basic) expect((await report(who, post)).error).toBeNull();
    expect(await postState(post)).toEqual({ content: 'A reply that three accounts do not like.', hidden: false });
    const row = await queued(post);
    expect(row).toMatchObject({ report_count: 3, hidden: false });
    expect(row!.reporters.map((r) => [r.id, r.standing])).toEqual(basic.map((m) => [m.id, false]));
  });

  it('two established members and a level 1 member do not hide it; a third established member does', async () => {
    const post = await replyBy(author);
    await report(established[0]!, post);
    await report(established[1]!, post);
    await report(basic[0]!, post);
    expect((await postState(post))!.hidden).toBe(false);
    expect((await report(established[2]!, post)).error).toBeNull();
    expect(await postState(post)).toEqual({ content: '', hidden: true });
  });

  it("weighs a member's report by their level when they make it, against the score trust_settings says", async () => {
    const young = await createMember(stack, { trustLevel: 1 });
    const post = await replyBy(author);
    await report(established[0]!, post);
    await report(established[1]!, post);
    expect((await report(young, post)).error).toBeNull();
    expect((await postState(post))!.hidden).toBe(false);
    expect((await queued(post))!.reporters.map((r) => r.score)).toEqual([3, 3, 2]);

    // Once the member reaches level 2, their next report weighs 3, and with two others hides a post.
    await stack.db.query('update public.trust_level_locks set level = 2 where member_id = $1', [young.id]);
    const next = await replyBy(author);
    await report(established[0]!, next);
    await report(established[1]!, next);
    await report(young, next);
    expect((await postState(next))!.hidden).toBe(true);

    // The threshold is the operator's: at 6, three level 1 members hide a post.
    await stack.db.query('update public.trust_settings set flag_hide_score = 6');
    try {
      const third = await replyBy(author);
      for (const who of basic) await report(who, third);
      expect((await postState(third))!.hidden).toBe(true);
    } finally {
      await stack.db.query('update public.trust_settings set flag_hide_score = 8.3');
    }
  });

  it('lets the service role set a join date, and no member', async () => {
    const member = await createMember(stack);
    const joined = '2025-01-02T03:04:05+00:00';
    const own = await member.client.from('profiles').update({ created_at: joined }).eq('id', member.id);
    const createdAt = () =>
      dbRow<{ at: string }>(
        stack,
        `select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD') as at from public.profiles where id = $1`,
        [member.id],
      ).then((r) => r!.at);
    expect(own.error === null || own.error.code === '42501').toBe(true);
    expect(await createdAt()).not.toBe('2025-01-02');
    const service = await stack.service().from('profiles').update({ created_at: joined }).eq('id', member.id);
    expect(service.error).toBeNull();
    expect(await createdAt()).toBe('2025-01-02');
  });
});

describe('staff posts', () => {
  it("are never hidden by reports, a moderator's or an admin's, while a member's is", async () => {
    for (const staff of [moderator, admin]) {
      const post = await replyBy(staff, 'Staff say: read the rules.');
      for (const who of established) expect((await report(who, post)).error).toBeNull();
      expect(await postState(post)).toEqual({ content: 'Staff say: read the rules.', hidden: false });
      expect(await queued(post)).toMatchObject({ report_count: 3, hidden: false });
    }
    const post = await replyBy(author);
    for (const who of established) await report(who, post);
    expect((await postState(post))!.hidden).toBe(true);
  });
});

describe('reports a day', () => {
  it('refuses the report past reports_per_day with PT429, and that refusal writes nothing', async () => {
    await stack.service().from('forum_limits').update({ reports_per_day: 2 }).eq('id', true);
    try {
      const reporter = await createMember(stack, { trustLevel: 1 });
      const posts = [await replyBy(author), await replyBy(author), await replyBy(author)];
      const firstId = randomUUID();
      expect((await report(reporter, posts[0]!, firstId)).error).toBeNull();
      expect((await report(reporter, posts[1]!)).error).toBeNull();
      const logBefore = await dbRow<{ n: number }>(stack, 'select count(*)::int as n from public.moderation_log');

      const refused = await report(reporter, posts[2]!);
      expect(refused.status).toBe(429);
      expect(refused.error).toMatchObject({
        code: 'PT429',
        message: 'You can report 2 posts a day. Please wait 24 hours.',
      });
      const detail = JSON.parse(refused.error!.details) as { limit: string; retry_after_s: number };
      expect(detail.limit).toBe('reports_per_day');
      expect(detail.retry_after_s).toBeGreaterThan(86_000);
      expect(await openReportsOf(posts[2]!)).toBe(0);
      expect(await dbRow(stack, 'select count(*)::int as n from public.moderation_log')).toEqual(logBefore);

      // A retried report that already landed is no new report; staff are not counted.
      const retry = await reporter.client
        .from('post_reports')
        .upsert({ id: firstId, post_id: posts[0]!, reason: 'spam' }, { onConflict: 'id', ignoreDuplicates: true });
      expect(retry.error).toBeNull();
      for (const post of posts) expect((await report(moderator, post)).error).toBeNull();
    } finally {
      await stack.db.query('update public.forum_limits set reports_per_day = 0');
    }
  });

  it('holds under parallel requests: never more than the limit', async () => {
    await stack.db.query('update public.forum_limits set reports_per_day = 3');
    try {
      const reporter = await createMember(stack, { trustLevel: 1 });
      const posts = await Promise.all(Array.from({ length: 8 }, () => replyBy(author)));
      const answers = await Promise.all(posts.map((post) => report(reporter, post)));
      expect(answers.filter((a) => a.error === null)).toHaveLength(3);
      expect(answers.filter((a) => a.error?.code === 'PT429')).toHaveLength(5);
      expect(
        await dbRow(stack, 'select count(*)::int as n from public.post_reports where reporter_id = $1', [reporter.id]),
      ).toEqual({ n: 3 });
    } finally {
      await stack.db.query('update public.forum_limits set reports_per_day = 0');
    }
  });
});

describe('dismissing every report of one reporter', () => {
  it('dismisses them in one call with one audit row, and shows again a post they helped hide', async () => {
    const noisy = await createMember(stack, { standing: true });
    const hiddenPost = await replyBy(author);
    const others = [await replyBy(author), await replyBy(author)];
    await report(established[0]!, hiddenPost);
    await report(established[1]!, hiddenPost);
    await report(noisy, hiddenPost);
    for (const post of others) await report(noisy, post);
    await report(established[0]!, others[0]!);
    expect((await postState(hiddenPost))!.hidden).toBe(true);
    expect((await queued(others[0]!))!.reporters.find((r) => r.id === noisy.id)).toMatchObject({
      open_reports: 3,
      standing: true,
    });

    const { data, error } = await moderator.client.rpc('dismiss_reporter_reports', { reporter: noisy.id });
    expect(error).toBeNull();
    expect(data).toBe(3);
    expect(
      await dbRow(
        stack,
        `select count(*) filter (where status = 'dismissed' and handled_by = $2)::int as dismissed,
                count(*) filter (where status = 'open')::int as open
         from public.post_reports where reporter_id = $1`,
        [noisy.id, moderator.id],
      ),
    ).toEqual({ dismissed: 3, open: 0 });
    expect(await postState(hiddenPost)).toEqual({ content: 'A reply that three accounts do not like.', hidden: false });
    expect(await openReportsOf(hiddenPost)).toBe(2);
    expect(await openReportsOf(others[0]!)).toBe(1);
    const log = await stack.db.query(
      `select action, actor_id, target_user_id, details from public.moderation_log
       where action = 'dismiss_report' and target_user_id = $1`,
      [noisy.id],
    );
    expect(log.rows).toEqual([
      {
        action: 'dismiss_report',
        actor_id: moderator.id,
        target_user_id: noisy.id,
        details: { reports: 3, outcome: 'reporter_dismissed', posts_shown: 1 },
      },
    ]);
    // Nothing left to dismiss: 0, and no second audit row.
    expect(await admin.client.rpc('dismiss_reporter_reports', { reporter: noisy.id })).toMatchObject({
      data: 0,
      error: null,
    });
  });

  it('keeps a post hidden when the reports left still hide it', async () => {
    const noisy = await createMember(stack, { standing: true });
    const post = await replyBy(author);
    for (const who of [...established, noisy]) await report(who, post);
    expect(await moderator.client.rpc('dismiss_reporter_reports', { reporter: noisy.id })).toMatchObject({ data: 1 });
    expect((await postState(post))!.hidden).toBe(true);
  });

  it('is refused to members (403) and for no member (400), changing nothing', async () => {
    const noisy = await createMember(stack, { trustLevel: 1 });
    const post = await replyBy(author);
    await report(noisy, post);
    const refused = await established[0]!.client.rpc('dismiss_reporter_reports', { reporter: noisy.id });
    expect(refused.status).toBe(403);
    expect(refused.error).toMatchObject({ code: '42501', message: 'Only moderators and admins can dismiss reports' });
    const visitor = await stack.anon().rpc('dismiss_reporter_reports', { reporter: noisy.id });
    expect(visitor.error).not.toBeNull();
    expect(visitor.status).toBeGreaterThanOrEqual(400);
    expect(visitor.status).toBeLessThan(500);
    for (const reporter of [randomUUID(), null]) {
      const unknown = await moderator.client.rpc('dismiss_reporter_reports', { reporter } as { reporter: string });
      expect(unknown.status).toBe(400);
      expect(unknown.error).toMatchObject({ code: '22023', message: 'No member with this id' });
    }
    const bad = await moderator.client.rpc('dismiss_reporter_reports', { reporter: 'not-a-uuid' });
    expect(bad.status).toBe(400);
    expect(await openReportsOf(post)).toBe(1);
  });
});
