// Trust level 0 guardrails: 2 links, 2 mentions and 1 image per post, past which a post is refused with a 400 and
// nothing is written; a new member's first post past the link cap, or with a flag-list word, is held for approval.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, dbRow, makeReply, makeThread, type TestMember } from './members.ts';
import { startTestStack, type TestStack } from './stack.ts';

let stack: TestStack;
let moderator: TestMember;
let thread: string;
let named: TestMember[];

beforeAll(async () => {
  stack = await startTestStack({ seed: false });
  await stack.db.query(
    `insert into public.categories (name, slug, type, order_index) values ('General', 'general', 'guapcoin', 1)`,
  );
  await stack.db.query('update public.forum_limits set post_interval_s = 0');
  moderator = await createMember(stack, { role: 'moderator' });
  thread = await makeThread(stack, moderator.id);
  named = [];
  for (let i = 0; i < 3; i++) named.push(await createMember(stack));
});
afterAll(async () => {
  await stack?.close();
});

const reply = (who: TestMember, content: string, images: string[] = []) =>
  who.client
    .from('posts')
    .insert({ id: randomUUID(), thread_id: thread, author_id: who.id, content, type: 'reply', images })
    .select('id')
    .single();

const links = (n: number) => Array.from({ length: n }, (_, i) => `https://example.com/page${i}`).join(' and ');

/** A new member who has posted once already (past RLS), so their next post is not their first. */
async function postedOnce(): Promise<TestMember> {
  const member = await createMember(stack);
  await makeReply(stack, thread, member.id, 'Hello everyone');
  return member;
}

const postsBy = (who: TestMember) =>
  dbRow<{ n: number }>(stack, 'select count(*)::int as n from public.posts where author_id = $1', [who.id]).then(
    (r) => r!.n,
  );

describe('caps at level 0', () => {
  it('refuses a third link, a third mention and a second image with a 400, writing nothing', async () => {
    const member = await postedOnce();
    const refusals = [
      [await reply(member, `See ${links(3)}`), 'New members can put 2 links in a post. Please remove some.'],
      [
        await reply(member, named.map((m) => `@${m.username}`).join(' ') + ' look'),
        'New members can mention 2 members in a post. Please remove some.',
      ],
      [
        await reply(member, 'Two pictures', ['https://example.com/a.png', 'https://example.com/b.png']),
        'New members can put 1 image in a post. Please remove some.',
      ],
    ] as const;
    for (const [answer, message] of refusals) {
      expect(answer.status).toBe(400);
      expect(answer.error).toMatchObject({ code: '22023', message });
    }
    expect(await postsBy(member)).toBe(1);
    expect((await reply(member, `See ${links(2)}`, ['https://example.com/a.png'])).error).toBeNull();
  });

  it('does not cap level 1 members or staff', async () => {
    const member = await createMember(stack, { trustLevel: 1 });
    expect((await reply(member, `See ${links(5)}`)).error).toBeNull();
    expect((await reply(moderator, `See ${links(5)}`)).error).toBeNull();
  });
});

describe("a new member's first post", () => {
  const heldReason = (postId: string) =>
    dbRow<{ hidden: boolean; reason: string }>(
      stack,
      `select p.hidden_at is not null as hidden, h.reason
       from public.posts p left join public.post_holds h on h.post_id = p.id where p.id = $1`,
      [postId],
    );

  it('is held for approval with three links, and a held item waits', async () => {
    const member = await createMember(stack);
    const { data, error } = await reply(member, `Check ${links(3)}`);
    expect(error).toBeNull();
    expect(await heldReason(data!.id)).toEqual({
      hidden: true,
      reason: "A new member's first post with 3 links waits for a moderator's approval.",
    });
    const item = await dbRow(stack, `select kind, status from public.reviewables where post_id = $1`, [data!.id]);
    expect(item).toEqual({ kind: 'held_post', status: 'pending' });
  });

  it('is held for a flag-list word, which only flags a later post', async () => {
    const member = await createMember(stack);
    const first = await reply(member, 'Where do I store my seed phrase safely?');
    expect((await heldReason(first.data!.id))!.hidden).toBe(true);
    const second = await reply(member, 'And my recovery phrase?');
    expect(await heldReason(second.data!.id)).toEqual({ hidden: false, reason: null });
    expect(
      await dbRow(stack, `select kind, reason from public.reviewables where post_id = $1`, [second.data!.id]),
    ).toEqual({ kind: 'flagged_post', reason: 'Watched word "recovery phrase"' });
  });

  it('is posted when it breaks no rule', async () => {
    const member = await createMember(stack);
    const { data } = await reply(member, `Hello, I found ${links(2)}`);
    expect((await heldReason(data!.id))!.hidden).toBe(false);
  });
});
