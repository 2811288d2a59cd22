import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { claimsOf } from './auth-helpers.ts';
import { startTestStack, TEST_JWT_SECRET, type TestStack } from './stack.ts';

let stack: TestStack;
beforeAll(async () => {
  stack = await startTestStack({ migrations: false });
});
afterAll(() => stack.close());

async function refresh(refreshToken: string) {
  const res = await fetch(`${stack.url}/auth/v1/token?grant_type=refresh_token`, {
    method: 'POST',
    headers: { apikey: stack.anonKey, 'content-type': 'application/json' },
    body: JSON.stringify({ refresh_token: refreshToken }),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

async function sessionOf(client: Awaited<ReturnType<TestStack['newMember']>>['client']) {
  const { data } = await client.auth.getSession();
  if (!data.session) throw new Error('no session');
  return data.session;
}

describe('refresh tokens', () => {
  test('a refresh rotates the token, records its parent, and keeps the same session', async () => {
    const { client } = await stack.newMember();
    const first = await sessionOf(client);
    const { data, error } = await client.auth.refreshSession();
    expect(error).toBeNull();
    expect(data.session?.refresh_token).not.toBe(first.refresh_token);
    expect(claimsOf(data.session?.access_token ?? '').session_id).toBe(claimsOf(first.access_token).session_id);
    const { rows } = await stack.db.query<{ revoked: boolean; parent: string | null }>(
      'select revoked, parent from auth.refresh_tokens where token = $1',
      [data.session?.refresh_token],
    );
    expect(rows[0]).toEqual({ revoked: false, parent: first.refresh_token });
  });

  test('a used token answers its successor within 10 s, and is refused later, ending the session', async () => {
    const { client } = await stack.newMember();
    const first = await sessionOf(client);
    const rotated = await refresh(first.refresh_token);
    expect(rotated.status).toBe(200);
    const twin = await refresh(first.refresh_token);
    expect(twin.status).toBe(200);
    expect(twin.body.refresh_token).toBe(rotated.body.refresh_token);

    await stack.db.query("update auth.refresh_tokens set updated_at = now() - interval '1 minute' where token = $1", [
      first.refresh_token,
    ]);
    const reused = await refresh(first.refresh_token);
    expect(reused.status).toBe(400);
    expect(reused.body).toMatchObject({
      code: 400,
      error_code: 'refresh_token_already_used',
      msg: 'Invalid Refresh Token: Already Used',
    });
    const successor = await refresh(String(rotated.body.refresh_token));
    expect(successor.body.error_code).toBe('refresh_token_not_found');
  });

  test('an unknown refresh token is refresh_token_not_found through supabase-js', async () => {
    const { error } = await stack.anon().auth.refreshSession({ refresh_token: 'no-such-token' });
    expect(error?.status).toBe(400);
    expect(error?.code).toBe('refresh_token_not_found');
  });
});

describe('the user', () => {
  test('getUser answers the signed-in user', async () => {
    const member = await stack.newMember();
    const { data, error } = await member.client.auth.getUser();
    expect(error).toBeNull();
    expect(data.user).toMatchObject({ id: member.id, email: member.email, role: 'authenticated' });
  });

  test('updateUser changes the password (then only the new one signs in) and merges metadata', async () => {
    const member = await stack.newMember();
    const same = await member.client.auth.updateUser({ password: member.password });
    expect(same.error?.code).toBe('same_password');
    const weak = await member.client.auth.updateUser({ password: 'abc' });
    expect(weak.error?.code).toBe('weak_password');

    const { data, error } = await member.client.auth.updateUser({
      password: 'brand-new-pass-8',
      data: { theme: 'dark' },
    });
    expect(error).toBeNull();
    expect(data.user?.user_metadata).toMatchObject({ theme: 'dark', username: expect.any(String) });

    const old = await stack.anon().auth.signInWithPassword({ email: member.email, password: member.password });
    expect(old.error?.code).toBe('invalid_credentials');
    await expect(stack.signIn(member.email, 'brand-new-pass-8')).resolves.toBeDefined();
  });
});

describe('sign-out scopes', () => {
  test('local ends this session only', async () => {
    const member = await stack.newMember();
    const other = await stack.signIn(member.email, member.password);
    const mine = await sessionOf(member.client);
    expect((await member.client.auth.signOut({ scope: 'local' })).error).toBeNull();
    expect((await refresh(mine.refresh_token)).body.error_code).toBe('refresh_token_not_found');
    const res = await fetch(`${stack.url}/auth/v1/user`, {
      headers: { apikey: stack.anonKey, authorization: `Bearer ${mine.access_token}` },
    });
    expect(res.status).toBe(403);
    expect(((await res.json()) as { error_code: string }).error_code).toBe('session_not_found');
    expect((await other.auth.getUser()).error).toBeNull();
  });

  test('others ends every other session and keeps this one', async () => {
    const member = await stack.newMember();
    const other = await stack.signIn(member.email, member.password);
    const otherSession = await sessionOf(other);
    expect((await member.client.auth.signOut({ scope: 'others' })).error).toBeNull();
    expect((await member.client.auth.getUser()).error).toBeNull();
    expect((await refresh(otherSession.refresh_token)).body.error_code).toBe('refresh_token_not_found');
    const gone = await other.auth.getUser();
    expect(gone.error?.name).toBe('AuthSessionMissingError');
  });

  test('global ends every session of the user', async () => {
    const member = await stack.newMember();
    const other = await stack.signIn(member.email, member.password);
    const otherSession = await sessionOf(other);
    expect((await member.client.auth.signOut()).error).toBeNull();
    expect((await member.client.auth.getSession()).data.session).toBeNull();
    expect((await refresh(otherSession.refresh_token)).status).toBe(400);
    const { rows } = await stack.db.query('select 1 from auth.sessions where user_id = $1', [member.id]);
    expect(rows).toHaveLength(0);
  });
});

describe('bad input', () => {
  const sign = (claims: Record<string, unknown>, secret: string, exp: number) =>
    new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuedAt()
      .setExpirationTime(exp)
      .sign(new TextEncoder().encode(secret));

  test('an expired or badly signed JWT on /user is 401 bad_jwt; none at all is 401', async () => {
    const member = await stack.newMember();
    const claims = { sub: member.id, role: 'authenticated', aud: 'authenticated' };
    const expired = await sign(claims, TEST_JWT_SECRET, Math.floor(Date.now() / 1000) - 60);
    const forged = await sign(claims, 'a-different-secret-of-at-least-32-chars!', Math.floor(Date.now() / 1000) + 600);
    for (const token of [expired, forged, 'not.a.jwt']) {
      const res = await fetch(`${stack.url}/auth/v1/user`, {
        headers: { apikey: stack.anonKey, authorization: `Bearer ${token}` },
      });
      expect(res.status).toBe(401);
      expect(await res.json()).toMatchObject({ code: 401, error_code: 'bad_jwt' });
    }
    const none = await fetch(`${stack.url}/auth/v1/user`, { headers: { apikey: stack.anonKey } });
    expect(none.status).toBe(401);
  });

  test('invalid JSON is 400 bad_json, a body over 64 KB is 413, an unknown grant is 400', async () => {
    const post = (path: string, body: string) =>
      fetch(`${stack.url}/auth/v1${path}`, {
        method: 'POST',
        headers: { apikey: stack.anonKey, 'content-type': 'application/json' },
        body,
      });
    const bad = await post('/token?grant_type=password', '{"email": ');
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ error_code: 'bad_json' });
    const big = await post('/signup', JSON.stringify({ email: 'a@b.test', password: 'x'.repeat(70_000) }));
    expect(big.status).toBe(413);
    const grant = await post('/token?grant_type=magic', '{}');
    expect(grant.status).toBe(400);
    expect(await grant.json()).toMatchObject({ error_code: 'unsupported_grant_type' });
    const wrongShape = await post('/signup', JSON.stringify({ email: 42, password: ['x'] }));
    expect(wrongShape.status).toBe(400);
    expect(await wrongShape.json()).toMatchObject({ error_code: 'validation_failed' });
    const unknown = await fetch(`${stack.url}/auth/v1/nope`);
    expect(unknown.status).toBe(404);
  });

  test('settings and health answer like a hosted project with email confirmation on', async () => {
    const settings = (await (await fetch(`${stack.url}/auth/v1/settings`)).json()) as Record<string, unknown>;
    expect(settings).toMatchObject({ external: { email: true, phone: false }, mailer_autoconfirm: false });
    expect((await fetch(`${stack.url}/auth/v1/health`)).status).toBe(200);
  });
});
