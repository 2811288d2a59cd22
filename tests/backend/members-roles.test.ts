// The role matrix (SPEC section 6), every cell: who may set whose role to what, through PATCH profiles.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, dbRow, type Role, type TestMember } from './members.ts';
import { startTestStack, type TestStack } from './stack.ts';

const ROLES: Role[] = ['user', 'moderator', 'admin'];

let stack: TestStack;
const actors = {} as Record<Role, TestMember>;

beforeAll(async () => {
  stack = await startTestStack({ seed: false });
  for (const role of ROLES) actors[role] = await createMember(stack, { role });
});
afterAll(async () => {
  await stack?.close();
});

const roleOf = async (id: string) =>
  (await dbRow<{ role: string; updated_at: Date }>(
    stack,
    'select role, updated_at from public.profiles where id = $1',
    [id],
  ))!;

/** What each actor may do to another member, by the target's role and the new role; null: allowed. */
function refusal(actor: Role, from: Role, to: Role): string | null {
  if (actor === 'admin') return null;
  if (actor === 'user') return "Only moderators and admins can change a member's role";
  if (from === 'admin') return 'Only admins can change the role of an admin';
  if (from === 'moderator') return 'Only admins can change the role of a moderator';
  if (to === 'admin') return 'Only admins can make a member an admin';
  return null;
}

const cells = ROLES.flatMap((actor) =>
  ROLES.flatMap((from) =>
    ROLES.filter((to) => to !== from).map((to) => {
      const refused = refusal(actor, from, to);
      return { actor, from, to, refused, outcome: refused ?? 'allowed' };
    }),
  ),
);

describe('changing another member’s role', () => {
  it.each(cells)('$actor sets a $from to $to: $outcome', async ({ actor, from, to, refused }) => {
    const target = await createMember(stack, { role: from });
    const before = await roleOf(target.id);
    const { data, error } = await actors[actor].client
      .from('profiles')
      .update({ role: to })
      .eq('id', target.id)
      .select('id,role');
    if (refused === null) {
      expect(error).toBeNull();
      expect(data).toEqual([{ id: target.id, role: to }]);
      expect((await roleOf(target.id)).role).toBe(to);
    } else {
      expect(error).toMatchObject({ code: '42501', message: refused });
      expect(await roleOf(target.id)).toEqual(before);
    }
  });

  it('counts the cells: 18 changes, of which a moderator may make 1 and a user none', () => {
    expect(cells).toHaveLength(18);
    expect(cells.filter((c) => c.refused === null).map((c) => `${c.actor}:${c.from}>${c.to}`)).toEqual([
      'moderator:user>moderator',
      'admin:user>moderator',
      'admin:user>admin',
      'admin:moderator>user',
      'admin:moderator>admin',
      'admin:admin>user',
      'admin:admin>moderator',
    ]);
  });

  it('lets a moderator appointed a minute ago promote a user, and not demote the moderator who was there first', async () => {
    const senior = await createMember(stack, { role: 'moderator' });
    const junior = await createMember(stack);
    const promoted = await actors.moderator.client.from('profiles').update({ role: 'moderator' }).eq('id', junior.id);
    expect(promoted.error).toBeNull();
    const juniorClient = junior.client;
    const user = await createMember(stack);
    const allowed = await juniorClient.from('profiles').update({ role: 'moderator' }).eq('id', user.id).select('role');
    expect(allowed).toMatchObject({ error: null, data: [{ role: 'moderator' }] });
    const before = await roleOf(senior.id);
    const demoted = await juniorClient.from('profiles').update({ role: 'user' }).eq('id', senior.id);
    expect(demoted.status).toBe(403);
    expect(demoted.error).toMatchObject({ code: '42501', message: 'Only admins can change the role of a moderator' });
    expect(await roleOf(senior.id)).toEqual(before);
  });

  it('refuses a banned moderator or admin any role change', async () => {
    for (const role of ['moderator', 'admin'] as const) {
      const banned = await createMember(stack, { role, banned: true });
      const target = await createMember(stack);
      const { error } = await banned.client.from('profiles').update({ role: 'moderator' }).eq('id', target.id);
      expect(error).toMatchObject({ code: '42501', message: 'Your account is banned' });
      expect((await roleOf(target.id)).role).toBe('user');
    }
  });

  it('refuses a visitor any role change', async () => {
    const target = await createMember(stack);
    const { error } = await stack.anon().from('profiles').update({ role: 'admin' }).eq('id', target.id);
    expect(error?.code).toBe('42501');
    expect((await roleOf(target.id)).role).toBe('user');
  });
});

describe('changing one’s own role', () => {
  const selfCells = ROLES.flatMap((actor) => ROLES.filter((to) => to !== actor).map((to) => ({ actor, to })));

  it.each(selfCells)('$actor sets themself to $to: refused', async ({ actor, to }) => {
    const self = await createMember(stack, { role: actor });
    const before = await roleOf(self.id);
    const { error } = await self.client.from('profiles').update({ role: to }).eq('id', self.id);
    expect(error).toMatchObject({ code: '42501', message: 'You cannot change your own role' });
    expect(await roleOf(self.id)).toEqual(before);
  });
});
