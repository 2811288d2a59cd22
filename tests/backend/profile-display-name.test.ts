// A display name is at most 50 characters and holds no text-direction override or isolate: the allowed are saved,
// the refused get a 400 with the form's words and change nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, dbRow, type TestMember } from './members.ts';
import { startTestStack, type TestStack } from './stack.ts';

let stack: TestStack;
let member: TestMember;

beforeAll(async () => {
  stack = await startTestStack({ seed: false });
  member = await createMember(stack);
});
afterAll(async () => {
  await stack?.close();
});

const stored = async () =>
  (await dbRow<{ display_name: string | null }>(stack, 'select display_name from public.profiles where id = $1', [
    member.id,
  ]))!.display_name;

const rename = (displayName: string | null) =>
  member.client.from('profiles').update({ display_name: displayName }).eq('id', member.id);

describe('display name', () => {
  it.each([
    ['50 characters', 'x'.repeat(50)],
    ['letters of any script, right-to-left ones included', 'Ада Лавлейс مريم 李'],
    ['an emoji of several code points, counted by character', `${'a'.repeat(48)}👍🏽`],
    ['no name at all', null],
  ])('saves %s', async (_, name) => {
    const { error, status } = await rename(name);
    expect(error).toBeNull();
    expect(status).toBe(204);
    expect(await stored()).toBe(name);
  });

  it.each<[string, string, string]>([
    ['51 characters', 'x'.repeat(51), 'Display name must be at most 50 characters'],
    ['300 characters', 'y'.repeat(300), 'Display name must be at most 50 characters'],
    ...['\u202A', '\u202B', '\u202C', '\u202D', '\u202E', '\u2066', '\u2067', '\u2068', '\u2069'].map(
      (control): [string, string, string] => [
        `U+${control.codePointAt(0)!.toString(16).toUpperCase()}`,
        `${control}nimda`,
        'Display name cannot contain text-direction control characters',
      ],
    ),
  ])('refuses %s with a 400 and its reason, and keeps the name stored', async (_, name, reason) => {
    expect((await rename('Kept Name')).error).toBeNull();
    const { error, status } = await rename(name);
    expect(status).toBe(400);
    expect(error).toMatchObject({ code: '23514', message: reason });
    expect(await stored()).toBe('Kept Name');
  });
});

it('refuses a sign-up whose display name breaks the rules with a 422 naming the rule, and makes no account', async () => {
  const email = `long-name-${Date.now()}@example.test`;
  const { data, error } = await stack.anon().auth.signUp({
    email,
    password: 'correct-horse-7',
    options: { data: { username: `longname${Date.now()}`, display_name: 'z'.repeat(51) } },
  });
  expect(error).toMatchObject({ status: 422 });
  expect(error?.message).toContain('Display name must be at most 50 characters');
  expect(data.user).toBeNull();
  expect(await dbRow(stack, 'select id from auth.users where email = $1', [email])).toBeUndefined();
});
