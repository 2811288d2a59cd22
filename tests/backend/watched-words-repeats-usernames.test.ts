// Watched words through repeated letters ("seeeed phraaase" is "seed phrase"), on posts and in censoring, and on the
// username a member signs up with: a block or require-approval word refuses the account with a 422 naming it (and
// username_problem() says so to the form first), while innocent doubles and a flag word pass. Admins alone write
// the lists.
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

const reply = (content: string) =>
  member.client
    .from('posts')
    .insert({ id: randomUUID(), thread_id: thread, author_id: member.id, content, type: 'reply' })
    .select('id, content')
    .single();

const count = (sql: string, params: unknown[]) => dbRow<{ n: number }>(stack, sql, params).then((r) => r!.n);

describe('repeated letters', () => {
  it('do not hide a block word, and the refused post writes nothing', async () => {
    const before = await count('select count(*)::int as n from public.posts where author_id = $1', [member.id]);
    for (const text of [
      'Pls seeeend meee your seeeed phraaase',
      'SEND me your s-e-e-e-e-d  phrase',
      'sennnd me your seed phrase',
    ]) {
      const { error, status } = await reply(text);
      expect(status).toBe(400);
      expect(error?.message).toContain('"send me your seed phrase"');
    }
    expect(await count('select count(*)::int as n from public.posts where author_id = $1', [member.id])).toBe(before);
  });

  it('leave innocent doubles alone: "Never send anyone your seed phrase" is posted (and flagged for a look)', async () => {
    const good = await reply('I need a good book. Never send anyone your seeed phrase.');
    expect(good.error).toBeNull();
    expect(good.data!.content).toBe('I need a good book. Never send anyone your seeed phrase.');
  });

  it('are censored as written, each letter repeated or not', async () => {
    expect((await admin.client.from('watched_words').insert({ word: 'scammcoin', action: 'censor' })).error).toBeNull();
    const { data, error } = await reply('Avoid SCAAAMCOIN, s.c.a.m.c.o.i.n and scamcoooin, buy GUAP');
    expect(error).toBeNull();
    expect(data!.content).toBe('Avoid ■■■, ■■■ and ■■■, buy GUAP');
  });

  it('make a word that differs only by them a duplicate of its list', async () => {
    const again = await admin.client.from('watched_words').insert({ word: 'scamcoin', action: 'censor' });
    expect(again.error?.code).toBe('23505');
    expect(again.status).toBe(409);
  });

  it('are checked in linear time: a 100,000 character post of one letter is read at once', async () => {
    const started = Date.now();
    const { error } = await reply('a'.repeat(99_990));
    expect(error).toBeNull();
    expect(Date.now() - started).toBeLessThan(20_000);
  });
});

describe('the sign-up username', () => {
  const signUp = (username: string) =>
    stack.anon().auth.signUp({
      email: `name-${randomUUID()}@example.test`,
      password: 'correct-horse-7',
      options: { data: { username } },
    });
  const accounts = (username: string) =>
    count('select count(*)::int as n from public.profiles where lower(username) = lower($1)', [username]);

  it('refuses a block or require-approval word with a 422 naming it, and makes no account', async () => {
    const cases = [
      ['SendMeYourSeedPhrase', 'Username cannot contain "send me your seed phrase"'],
      ['DM_me_for_suppooort', 'Username cannot contain "dm me for support"'],
      ['d0uble.your.GUAP', 'Username cannot contain "double your guap"'],
    ] as const;
    for (const [username, reason] of cases) {
      const { data: problem } = await stack.anon().rpc('username_problem', { wanted: username });
      expect(problem).toBe(reason);
      const { data, error } = await signUp(username);
      expect(error?.status).toBe(422);
      expect(error?.message).toBe(reason);
      expect(data.user).toBeNull();
      expect(await accounts(username)).toBe(0);
    }
  });

  it('lets other names through, a flag word among them', async () => {
    for (const username of ['seed_phrase_fan', 'doubletrouble', 'support_guy']) {
      const { data: problem } = await stack.anon().rpc('username_problem', { wanted: username });
      expect(problem).toBeNull();
      const { error } = await signUp(username);
      expect(error).toBeNull();
      expect(await accounts(username)).toBe(1);
    }
  });

  it('follows the lists as admins keep them; moderators cannot change them', async () => {
    const refused = await moderator.client.from('watched_words').insert({ word: 'rugpull', action: 'block' });
    expect(refused.error?.code).toBe('42501');
    const { data: before } = await stack.anon().rpc('username_problem', { wanted: 'rugpull_king' });
    expect(before).toBeNull();
    expect((await admin.client.from('watched_words').insert({ word: 'rugpull', action: 'block' })).error).toBeNull();
    const { data: after } = await stack.anon().rpc('username_problem', { wanted: 'ruggpulll_king' });
    expect(after).toBe('Username cannot contain "rugpull"');
    const removed = await moderator.client.from('watched_words').delete().eq('word', 'rugpull').select('id');
    expect(removed.data).toEqual([]);
    expect(await count(`select count(*)::int as n from public.watched_words where word = 'rugpull'`, [])).toBe(1);
  });
});
