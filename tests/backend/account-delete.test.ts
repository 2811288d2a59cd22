// Account deletion as the settings screen does it (src/backend/account.ts): the member's own avatar files go through
// the storage API, then delete_user() removes the account; other members' files stay.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { deleteAccount } from '../../src/backend/account.ts';
import { createMember } from './members.ts';
import { startTestStack, type TestStack } from './stack.ts';

let stack: TestStack;

beforeAll(async () => {
  stack = await startTestStack();
});
afterAll(async () => {
  await stack?.close();
});

const PNG = new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])], { type: 'image/png' });

async function avatarNames() {
  const { rows } = await stack.db.query<{ name: string }>(
    `select name from storage.objects where bucket_id = 'avatars' order by name`,
  );
  return rows.map((r) => r.name);
}

it('removes the member’s avatars and account, and leaves another member’s avatar alone', async () => {
  const leaving = await stack.newMember();
  const staying = await stack.newMember();
  for (const [member, name] of [
    [leaving, `${leaving.id}-1.png`],
    [leaving, `${leaving.id}-2.png`],
    [staying, `${staying.id}-1.png`],
  ] as const) {
    const { error } = await member.client.storage.from('avatars').upload(name, PNG, { contentType: 'image/png' });
    expect(error).toBeNull();
  }

  await deleteAccount(leaving.client, leaving.id);

  expect(await avatarNames()).toEqual([`${staying.id}-1.png`]);
  const { rows } = await stack.db.query('select 1 from auth.users where id = $1', [leaving.id]);
  expect(rows).toEqual([]);
  const again = await stack.anon().auth.signInWithPassword({ email: leaving.email, password: leaving.password });
  expect(again.error?.code).toBe('invalid_credentials');
});

it('refuses a visitor with no session and changes nothing', async () => {
  const member = await stack.newMember();
  await expect(deleteAccount(stack.anon(), member.id)).rejects.toMatchObject({ code: '42501' });
  const { rows } = await stack.db.query('select 1 from auth.users where id = $1', [member.id]);
  expect(rows).toHaveLength(1);
});

it('refuses a banned member, who keeps the ban: signing up again with the same email gives no fresh account', async () => {
  const admin = await createMember(stack, { role: 'admin' });
  const banned = await stack.newMember();
  expect((await admin.client.rpc('ban_user', { target: banned.id, reason: 'Spam' })).error).toBeNull();

  const avatar = `${banned.id}-1.png`;
  expect(
    (await banned.client.storage.from('avatars').upload(avatar, PNG, { contentType: 'image/png' })).error,
  ).toBeNull();
  // The settings screen's path stops before the avatars; the rpc itself refuses too.
  await expect(deleteAccount(banned.client, banned.id)).rejects.toMatchObject({ code: '42501' });
  expect(await avatarNames()).toContain(avatar);
  const { error, status } = await banned.client.rpc('delete_user');
  expect(status).toBe(403);
  expect(error).toMatchObject({
    code: '42501',
    message: 'Your account is banned, so it cannot be deleted; ask an admin',
  });
  const { rows } = await stack.db.query(
    `select u.id, p.is_banned from auth.users u join public.profiles p using (id) where u.email = $1`,
    [banned.email],
  );
  expect(rows).toEqual([{ id: banned.id, is_banned: true }]);

  // Sign-up with the same email makes no second account; the banned one is still the only one, still banned.
  await stack.anon().auth.signUp({ email: banned.email, password: 'another-horse-8' });
  const after = await stack.db.query(`select id from auth.users where email = $1`, [banned.email]);
  expect(after.rows).toEqual([{ id: banned.id }]);

  // Once unbanned, the member may leave.
  expect((await admin.client.rpc('unban_user', { target: banned.id })).error).toBeNull();
  expect((await banned.client.rpc('delete_user')).error).toBeNull();
  expect((await stack.db.query('select 1 from auth.users where id = $1', [banned.id])).rows).toEqual([]);
});
