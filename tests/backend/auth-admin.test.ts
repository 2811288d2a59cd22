import { afterAll, beforeAll, expect, test } from 'vitest';
import { freshEmail } from './auth-helpers.ts';
import { startTestStack, type TestStack } from './stack.ts';

let stack: TestStack;
beforeAll(async () => {
  stack = await startTestStack({ migrations: false });
});
afterAll(() => stack.close());

test('the admin API refuses the anon key and a member token with 403 not_admin', async () => {
  const member = await stack.newMember();
  for (const client of [stack.anon(), member.client]) {
    const { error } = await client.auth.admin.listUsers();
    expect(error?.status).toBe(403);
    expect(error?.code).toBe('not_admin');
    const del = await client.auth.admin.deleteUser(member.id);
    expect(del.error?.status).toBe(403);
  }
  expect((await member.client.auth.getUser()).data.user?.id).toBe(member.id);
});

test('with the service key: create, list, get, update (ban) and delete', async () => {
  const admin = stack.service().auth.admin;
  const email = freshEmail('admin');
  const created = await admin.createUser({
    email,
    password: 'admin-made-77',
    email_confirm: true,
    user_metadata: { username: 'madebyadmin' },
  });
  expect(created.error).toBeNull();
  const id = created.data.user?.id ?? '';
  expect(created.data.user?.email_confirmed_at).toBeTruthy();
  const client = await stack.signIn(email, 'admin-made-77');

  const listed = await admin.listUsers({ page: 1, perPage: 1000 });
  expect(listed.error).toBeNull();
  expect(listed.data.users.map((u) => u.id)).toContain(id);

  expect((await admin.getUserById(id)).data.user?.user_metadata).toEqual({ username: 'madebyadmin' });
  const missing = await admin.getUserById('00000000-0000-4000-8000-000000000000');
  expect(missing.error?.status).toBe(404);

  const banned = await admin.updateUserById(id, { ban_duration: '24h', user_metadata: { note: 'x' } });
  expect(banned.error).toBeNull();
  expect(banned.data.user?.user_metadata).toEqual({ username: 'madebyadmin', note: 'x' });
  const refused = await stack.anon().auth.signInWithPassword({ email, password: 'admin-made-77' });
  expect(refused.error?.code).toBe('user_banned');
  expect((await client.auth.getUser()).error).not.toBeNull();
  expect((await admin.updateUserById(id, { ban_duration: 'none' })).error).toBeNull();
  await expect(stack.signIn(email, 'admin-made-77')).resolves.toBeDefined();

  expect((await admin.deleteUser(id)).error).toBeNull();
  expect((await admin.getUserById(id)).error?.status).toBe(404);
  const gone = await stack.anon().auth.signInWithPassword({ email, password: 'admin-made-77' });
  expect(gone.error?.code).toBe('invalid_credentials');
});

test('creating an existing email is 422 email_exists', async () => {
  const member = await stack.newMember();
  const { error } = await stack.service().auth.admin.createUser({ email: member.email, password: 'whatever-1' });
  expect(error?.status).toBe(422);
  expect(error?.code).toBe('email_exists');
});

test('a trigger on auth.users refusing the row turns into a 422 with its message, not a 500', async () => {
  const guarded = await startTestStack({
    migrations: false,
    extraSql: `
      create function public.refuse_taken_username() returns trigger language plpgsql as $$
      begin
        if new.raw_user_meta_data ->> 'username' = 'taken' then
          raise exception using errcode = '23505', message = 'duplicate key value violates unique constraint "profiles_username_key"';
        end if;
        return new;
      end $$;
      create trigger refuse_taken_username after insert on auth.users
        for each row execute function public.refuse_taken_username();`,
  });
  try {
    const email = freshEmail('taken');
    const { error } = await guarded
      .anon()
      .auth.signUp({ email, password: 'correct-horse-7', options: { data: { username: 'taken' } } });
    expect(error?.status).toBe(422);
    expect(error?.message).toContain('profiles_username_key');
    const { rows } = await guarded.db.query('select 1 from auth.users where email = $1', [email]);
    expect(rows).toHaveLength(0);
    const ok = await guarded
      .anon()
      .auth.signUp({ email, password: 'correct-horse-7', options: { data: { username: 'free' } } });
    expect(ok.error).toBeNull();
  } finally {
    await guarded.close();
  }
});
