// A member's privacy settings and notification preferences are exactly the spec's flags, each a boolean: anything
// else is refused with a 400 that names the rule, and changes nothing.
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

const PRIVACY = { showOnline: true, allowMessages: true, showActivity: true };
const NOTIFICATIONS = { emailReplies: true, emailMentions: true, emailMessages: true, pushEnabled: false };

const stored = async () =>
  (await dbRow<{ privacy_settings: unknown; notification_preferences: unknown }>(
    stack,
    'select privacy_settings, notification_preferences from public.profiles where id = $1',
    [member.id],
  ))!;

const update = (fields: Record<string, unknown>) => member.client.from('profiles').update(fields).eq('id', member.id);

describe.each([
  ['privacy_settings', PRIVACY, 'showActivity', 'profiles_privacy_settings_flags'],
  ['notification_preferences', NOTIFICATIONS, 'pushEnabled', 'profiles_notification_preferences_flags'],
] as const)('%s', (column, defaults, flag, rule) => {
  it('takes every flag as true or false', async () => {
    const changed = { ...defaults, [flag]: !defaults[flag as keyof typeof defaults] };
    const { error, status } = await update({ [column]: changed });
    expect(error).toBeNull();
    expect(status).toBe(204);
    expect((await stored())[column]).toEqual(changed);
    expect((await update({ [column]: defaults })).error).toBeNull();
  });

  it.each([
    ['a flag that is not a boolean', { ...defaults, [flag]: 'nope' }],
    ['a flag as null', { ...defaults, [flag]: null }],
    ['a missing flag', Object.fromEntries(Object.entries(defaults).filter(([key]) => key !== flag))],
    ['a flag the spec does not have', { ...defaults, isAdmin: true }],
    ['a list', [true, true, true]],
    ['a string', 'all on'],
  ])('refuses %s with a 400 naming the rule, and keeps what was stored', async (_, value) => {
    const before = await stored();
    const { error, status } = await update({ [column]: value });
    expect(status).toBe(400);
    expect(error).toMatchObject({ code: '23514' });
    expect(error?.message).toContain(rule);
    expect(await stored()).toEqual(before);
  });
});
