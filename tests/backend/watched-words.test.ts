// Watched words, checked by the database: a block word is refused with a 400 naming it and changes nothing, through
// case, spacing tricks and lookalike letters; a require-approval word holds the post for review; a censor word is
// replaced; posts, thread titles, messages and profile fields are all checked; admins alone keep the lists.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, dbRow, makeThread, type TestMember } from './members.ts';
import { startTestStack, type TestStack } from './stack.ts';

let stack: TestStack;
let admin: TestMember;
let moderator: TestMember;
let member: TestMember;
let thread: string;

beforeAll(async () => {
  stack = await startTestStack({ seed: false });
  await stack.db.query(
    `insert into public.categories (name, slug, type, order_index) values ('General', 'general', 'guapcoin', 1)`,
  );
  await stack.db.query('update public.forum_limits set post_interval_s = 0');
  admin = await createMember(stack, { role: 'admin' });
  moderator = await createMember(stack, { role: 'moderator' });
  member = await createMember(stack, { trustLevel: 1 });
  thread = await makeThread(stack, admin.id);
});
afterAll(async () => {
  await stack?.close();
});

const reply = (content: string, who: TestMember = member) =>
  who.client
    .from('posts')
    .insert({ id: randomUUID(), thread_id: thread, author_id: who.id, content, type: 'reply' })
    .select('id, content')
    .single();

const count = (sql: string, params: unknown[]) => dbRow<{ n: number }>(stack, sql, params).then((r) => r!.n);
const postsBy = (who: TestMember) =>
  count('select count(*)::int as n from public.posts where author_id = $1', [who.id]);

describe('block', () => {
  it('refuses a post asking for a seed phrase with a 400 that names the words, and writes nothing', async () => {
    const before = await postsBy(member);
    for (const content of [
      'Send me your seed phrase and I will fix your wallet',
      'SEND  me your s e e d   p.h.r.a.s.e please',
      'sеnd mе yоur sееd phrаsе', // Cyrillic е, о and а
      'Send m3 y0ur $eed phrase',
    ]) {
      const { status, error } = await reply(content);
      expect(status).toBe(400);
      expect(error).toMatchObject({
        code: '22023',
        message: 'Your post contains "send me your seed phrase", which is not allowed here.',
      });
    }
    expect(await postsBy(member)).toBe(before);
    // Advice against it passes.
    expect((await reply('Never send anyone your seed phrase, support will never ask.')).error).toBeNull();
  });

  it('checks thread titles, messages and profile fields too', async () => {
    const title = await member.client.from('threads').insert({
      id: randomUUID(),
      slug: `t-${randomUUID()}`,
      title: 'Give me your recovery phrase',
      category_id: (await dbRow<{ id: string }>(stack, 'select id from public.categories limit 1'))!.id,
      author_id: member.id,
    });
    expect(title.status).toBe(400);
    expect(title.error!.message).toBe(
      'Your thread title contains "give me your recovery phrase", which is not allowed here.',
    );
    const message = await member.client.from('messages').insert({
      id: randomUUID(),
      sender_id: member.id,
      recipient_id: admin.id,
      subject: 'Support',
      content: 'Hi, DM me your seed phrase to restore the wallet',
    });
    expect(message.status).toBe(400);
    expect(message.error!.message).toBe('Your message contains "dm me your seed phrase", which is not allowed here.');
    const bio = await member.client
      .from('profiles')
      .update({ bio: 'Official support: dm me for support' })
      .eq('id', member.id);
    expect(bio.status).toBe(400);
    expect(bio.error!.message).toBe(
      `Your bio needs a moderator's approval because it contains "dm me for support", so it was not saved.`,
    );
    expect(await count('select count(*)::int as n from public.threads where author_id = $1', [member.id])).toBe(0);
    expect(await count('select count(*)::int as n from public.messages where sender_id = $1', [member.id])).toBe(0);
    expect(await dbRow(stack, 'select bio from public.profiles where id = $1', [member.id])).toEqual({ bio: null });
  });
});

describe('require approval', () => {
  it('holds the post: hidden, its author reads why, and a held item waits in the queue', async () => {
    const { data, error } = await reply('Wallet stuck? DM me for support, fast help');
    expect(error).toBeNull();
    const post = data!.id;
    expect(
      await dbRow(stack, 'select content, hidden_at is not null as hidden from public.posts where id = $1', [post]),
    ).toEqual({ content: '', hidden: true });
    const held = await member.client.from('post_holds').select('content, reason').eq('post_id', post).single();
    expect(held.data).toEqual({
      content: 'Wallet stuck? DM me for support, fast help',
      reason: `It contains "dm me for support", which needs a moderator's approval.`,
    });
    const queue = await moderator.client.rpc('review_queue', { max_rows: 100 });
    const item = (queue.data as unknown as { id: string; kind: string; version: number; post_id: string }[]).find(
      (i) => i.post_id === post,
    );
    expect(item).toMatchObject({ kind: 'held_post' });
    // Disagreeing with the hold publishes the post.
    const decided = await moderator.client.rpc('review_decide', {
      item: item!.id,
      item_version: item!.version,
      decision: 'disagree',
    });
    expect(decided.error).toBeNull();
    expect(await dbRow(stack, 'select content from public.posts where id = $1', [post])).toEqual({
      content: 'Wallet stuck? DM me for support, fast help',
    });
  });
});

describe('the lists', () => {
  it('are kept by admins: a censor word is replaced as written, and each change is logged', async () => {
    const added = await admin.client.from('watched_words').insert({ word: 'scamcoin', action: 'censor' });
    expect(added.error).toBeNull();
    const { data } = await reply('Do not buy ScAm-C0in or S.C.A.M.C.O.I.N today');
    expect(data!.content).toBe('Do not buy ■■■ or ■■■ today');
    expect(await count(`select count(*)::int as n from public.moderation_log where action = 'watched_word'`, [])).toBe(
      1,
    );
  });

  it('are not for moderators to change, nor for members to read', async () => {
    const refused = await moderator.client.from('watched_words').insert({ word: 'hello there', action: 'block' });
    expect(refused.error?.code).toBe('42501');
    expect((await member.client.from('watched_words').select('word')).data).toEqual([]);
    expect((await moderator.client.from('watched_words').select('word')).data!.length).toBeGreaterThan(10);
    expect(await count(`select count(*)::int as n from public.watched_words where word = 'hello there'`, [])).toBe(0);
  });

  it('do not bind staff', async () => {
    expect((await reply('Staff never ask: send me your seed phrase is always a scam', moderator)).error).toBeNull();
  });
});
