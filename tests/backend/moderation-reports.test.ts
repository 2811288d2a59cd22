// Member reports: a member reports a post once; the third report from a third member hides the post from
// members (content '' and hidden_at set, the text in post_holds for staff and the author only), without making it
// an edit; staff list open reports and dismiss them, which shows the post again.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, dbRow, makeReply, makeThread, type TestMember } from './members.ts';
import { startTestStack, type TestStack } from './stack.ts';

const TEXT = 'Send 1 BTC to this address and get 2 back, guaranteed by @someone!';

let stack: TestStack;
let moderator: TestMember;
let author: TestMember;
let members: TestMember[];

beforeAll(async () => {
  stack = await startTestStack({ seed: false });
  await stack.db.query(
    `insert into public.categories (name, slug, type, order_index) values ('General', 'general', 'guapcoin', 1)`,
  );
  moderator = await createMember(stack, { role: 'moderator' });
  author = await createMember(stack);
  // Established members: only reports from members with standing hide a post.
  members = [
    await createMember(stack, { standing: true }),
    await createMember(stack, { standing: true }),
    await createMember(stack, { standing: true }),
    await createMember(stack, { standing: true }),
  ];
});
afterAll(async () => {
  await stack?.close();
});

const report = (who: TestMember, postId: string, reason = 'spam', details?: string) =>
  who.client.from('post_reports').insert({ id: randomUUID(), post_id: postId, reason, details });

const postAsSeenBy = async (who: TestMember, postId: string) =>
  (await who.client.from('posts').select('content, hidden_at, version, is_edited, updated_at').eq('id', postId))
    .data?.[0];

const heldTextFor = async (who: TestMember, postId: string) =>
  (await who.client.from('post_holds').select('post_id, content').eq('post_id', postId)).data;

async function reportedPost() {
  const thread = await makeThread(stack, author.id);
  return { thread, post: await makeReply(stack, thread, author.id, TEXT) };
}

describe('reporting a post', () => {
  it('accepts one report per member and post; the second is 409', async () => {
    const { post } = await reportedPost();
    expect((await report(members[0]!, post)).error).toBeNull();
    const again = await report(members[0]!, post, 'abusive');
    expect(again.error).toMatchObject({ code: '23505', message: 'You have already reported this post' });
    expect(again.status).toBe(409);
    expect(await dbRow(stack, 'select count(*)::int as n from public.post_reports where post_id = $1', [post])).toEqual(
      {
        n: 1,
      },
    );
  });

  it('answers a retried report (same id) without a second row', async () => {
    const { post } = await reportedPost();
    const id = randomUUID();
    const row = { id, post_id: post, reason: 'spam' };
    const first = await members[0]!.client
      .from('post_reports')
      .upsert(row, { onConflict: 'id', ignoreDuplicates: true });
    const retry = await members[0]!.client
      .from('post_reports')
      .upsert(row, { onConflict: 'id', ignoreDuplicates: true });
    expect([first.error, retry.error]).toEqual([null, null]);
    expect(await dbRow(stack, 'select count(*)::int as n from public.post_reports where post_id = $1', [post])).toEqual(
      {
        n: 1,
      },
    );
  });

  it('needs words for "other", and refuses reporting your own post or as someone else', async () => {
    const { post } = await reportedPost();
    expect((await report(members[0]!, post, 'other', '   ')).error).toMatchObject({
      code: '22023',
      message: 'Please say why you are reporting this post',
    });
    expect((await report(author, post)).error).toMatchObject({
      code: '42501',
      message: 'You cannot report your own post',
    });
    const forged = await members[0]!.client
      .from('post_reports')
      .insert({ post_id: post, reporter_id: members[1]!.id, reason: 'spam' });
    expect(forged.error?.code).toBe('42501');
    expect((await report(members[0]!, post, 'bogus')).error?.code).toBe('23514');
    expect(await dbRow(stack, 'select count(*)::int as n from public.post_reports where post_id = $1', [post])).toEqual(
      {
        n: 0,
      },
    );
  });

  it('shows a member their own reports only, and staff all of them', async () => {
    const { post } = await reportedPost();
    await report(members[0]!, post);
    await report(members[1]!, post);
    const own = await members[0]!.client.from('post_reports').select('reporter_id').eq('post_id', post);
    expect(own.data).toEqual([{ reporter_id: members[0]!.id }]);
    const staff = await moderator.client.from('post_reports').select('reporter_id').eq('post_id', post);
    expect(staff.data).toHaveLength(2);
  });
});

describe('three reports hide a post', () => {
  it('two do not', async () => {
    const { post } = await reportedPost();
    await report(members[0]!, post);
    await report(members[1]!, post);
    expect(await postAsSeenBy(members[3]!, post)).toMatchObject({ content: TEXT, hidden_at: null });
  });

  it('the third hides it from members but not from staff or its author, as no edit; dismissing restores it', async () => {
    const { post } = await reportedPost();
    const before = await postAsSeenBy(author, post);
    for (const who of members.slice(0, 3)) expect((await report(who, post)).error).toBeNull();

    const seen = await postAsSeenBy(members[3]!, post);
    expect(seen).toMatchObject({
      content: '',
      version: before!.version,
      is_edited: false,
      updated_at: before!.updated_at,
    });
    expect(seen!.hidden_at).not.toBeNull();
    expect(await heldTextFor(members[3]!, post)).toEqual([]);
    expect((await stack.anon().from('post_holds').select('content')).error?.code).toBe('42501');
    expect(await heldTextFor(moderator, post)).toEqual([{ post_id: post, content: TEXT }]);
    expect(await heldTextFor(author, post)).toEqual([{ post_id: post, content: TEXT }]);

    const search = await stack.anon().rpc('search_forum', { query: 'guaranteed' });
    expect((search.data as { post_id: string }[]).map((r) => r.post_id)).not.toContain(post);

    const edit = await author.client.from('posts').update({ content: 'Edited while hidden' }).eq('id', post);
    expect(edit.error).toMatchObject({ code: '42501', message: 'This post is hidden pending review' });

    const open = await moderator.client.rpc('open_reports', {});
    expect(open.error).toBeNull();
    expect((open.data as { post_id: string }[]).find((r) => r.post_id === post)).toMatchObject({
      report_count: 3,
      reasons: ['spam'],
      hidden: true,
      author_id: author.id,
      author_username: author.username,
      post_excerpt: 'Send 1 BTC to this address and get 2 back, guaranteed by @someone!',
    });

    const dismissed = await moderator.client.rpc('dismiss_reports', { post_id: post });
    expect(dismissed).toMatchObject({ error: null, data: 3 });
    expect(await postAsSeenBy(members[3]!, post)).toMatchObject({
      content: TEXT,
      hidden_at: null,
      version: before!.version,
      is_edited: false,
    });
    expect(await heldTextFor(moderator, post)).toEqual([]);
    const after = await moderator.client.rpc('open_reports', {});
    expect((after.data as { post_id: string }[]).map((r) => r.post_id)).not.toContain(post);
  });

  it('moves the post in every mirror: its sync_txid changes when hidden', async () => {
    const { post } = await reportedPost();
    const txid = async () =>
      (await dbRow<{ t: string }>(stack, 'select sync_txid::text as t from public.posts where id = $1', [post]))!.t;
    const before = await txid();
    for (const who of members.slice(0, 3)) await report(who, post);
    expect(await txid()).not.toBe(before);
  });
});

describe('staff rpcs', () => {
  it('are refused to members', async () => {
    const { post } = await reportedPost();
    await report(members[0]!, post);
    for (const [fn, args] of [
      ['open_reports', {}],
      ['dismiss_reports', { post_id: post }],
      ['resolve_reports', { post_id: post, outcome: 'post_deleted' }],
    ] as const) {
      const { error } = await members[1]!.client.rpc(fn, args);
      expect(error, fn).toMatchObject({ code: '42501' });
    }
    expect(await dbRow(stack, 'select status from public.post_reports where post_id = $1', [post])).toEqual({
      status: 'open',
    });
  });

  it('resolve marks the open reports resolved, and refuses an unknown outcome', async () => {
    const { post } = await reportedPost();
    await report(members[0]!, post);
    expect((await moderator.client.rpc('resolve_reports', { post_id: post, outcome: 'ignored' })).error?.code).toBe(
      '22023',
    );
    expect(await moderator.client.rpc('resolve_reports', { post_id: post, outcome: 'post_deleted' })).toMatchObject({
      data: 1,
    });
    expect(await dbRow(stack, 'select status, handled_by from public.post_reports where post_id = $1', [post])).toEqual(
      {
        status: 'resolved',
        handled_by: moderator.id,
      },
    );
  });

  it("ban_user resolves the reports of the banned member's posts", async () => {
    const admin = await createMember(stack, { role: 'admin' });
    const spammer = await createMember(stack);
    const thread = await makeThread(stack, author.id);
    const post = await makeReply(stack, thread, spammer.id, 'Cheap coins here');
    await report(members[0]!, post);
    expect((await admin.client.rpc('ban_user', { target: spammer.id, reason: 'Spam' })).error).toBeNull();
    expect(await dbRow(stack, 'select status from public.post_reports where post_id = $1', [post])).toEqual({
      status: 'resolved',
    });
    const log = await stack.db.query(
      `select action, details from public.moderation_log where post_id = $1 and action = 'resolve_report'`,
      [post],
    );
    expect(log.rows).toEqual([{ action: 'resolve_report', details: { reports: 1, outcome: 'author_banned' } }]);
  });
});
