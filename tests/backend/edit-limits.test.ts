// Thread-title and profile edits count against edits_per_day with post edits: past it they are refused with 429
// and the wait, and change nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, dbRow, makeThread } from './members.ts';
import { startTestStack, type TestStack } from './stack.ts';

let stack: TestStack;

beforeAll(async () => {
  stack = await startTestStack({ seed: false });
  await stack.db.query(
    `insert into public.categories (name, slug, type, order_index) values ('General', 'general', 'guapcoin', 1)`,
  );
  await stack.db.query('update public.forum_limits set edits_per_day = 2');
});
afterAll(async () => {
  await stack?.close();
});

describe('edits a day', () => {
  it('counts title and profile edits together, refusing the third with 429 and changing nothing', async () => {
    const member = await createMember(stack);
    const thread = await makeThread(stack, member.id, { title: 'The first title of it' });
    const title = (t: string) => member.client.from('threads').update({ title: t }).eq('id', thread);
    const bio = (b: string) => member.client.from('profiles').update({ bio: b }).eq('id', member.id);
    expect((await title('A second title of it')).error).toBeNull();
    expect((await bio('Hello there')).error).toBeNull();
    for (const refused of [await title('A third title of it'), await bio('Changed again')]) {
      expect(refused.status).toBe(429);
      expect(refused.error).toMatchObject({ code: 'PT429' });
      expect(refused.error!.message).toMatch(/^You can edit posts, thread titles and your profile 2 times a day\./);
    }
    expect(await dbRow(stack, 'select title from public.threads where id = $1', [thread])).toEqual({
      title: 'A second title of it',
    });
    expect(await dbRow(stack, 'select bio from public.profiles where id = $1', [member.id])).toEqual({
      bio: 'Hello there',
    });
  });

  it('does not count settings changes, nor staff', async () => {
    const member = await createMember(stack);
    for (let i = 0; i < 3; i++) {
      const flip = await member.client
        .from('profiles')
        .update({ privacy_settings: { showOnline: i % 2 === 0, allowMessages: true, showActivity: true } })
        .eq('id', member.id);
      expect(flip.error).toBeNull();
    }
    const moderator = await createMember(stack, { role: 'moderator' });
    for (let i = 0; i < 3; i++) {
      expect(
        (
          await moderator.client
            .from('profiles')
            .update({ bio: `Bio ${i}` })
            .eq('id', moderator.id)
        ).error,
      ).toBeNull();
    }
  });
});
