import { AuthWeakPasswordError } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { claimsOf, follow, fragment, freshEmail, lastLink, mailsTo, signUpUnconfirmed } from './auth-helpers.ts';
import { DEFAULT_HASH_COST } from '../../supabase/local/auth/passwords.ts';
import { startTestStack, type TestStack } from './stack.ts';

let stack: TestStack;
beforeAll(async () => {
  // The stack's own bcrypt cost, GoTrue's 10, which a new account's hash is checked for below.
  stack = await startTestStack({ migrations: false, passwordHashCost: DEFAULT_HASH_COST });
});
afterAll(() => stack.close());

describe('sign-up with email confirmation', () => {
  test('answers the user alone, stores a bcrypt hash and metadata, and mails a confirmation link', async () => {
    const email = freshEmail('Signup');
    const { user, session, id } = await signUpUnconfirmed(stack.anon(), email, 'correct-horse-7', {
      data: { username: 'newcomer' },
    });
    expect(session).toBeNull();
    expect(user).toMatchObject({
      email: email.toLowerCase(),
      aud: 'authenticated',
      role: 'authenticated',
      user_metadata: { username: 'newcomer' },
      app_metadata: { provider: 'email', providers: ['email'] },
      is_anonymous: false,
    });
    expect(user.email_confirmed_at).toBeUndefined();
    expect(user.identities).toHaveLength(1);

    const { rows } = await stack.db.query<{ encrypted_password: string; raw_user_meta_data: unknown }>(
      'select encrypted_password, raw_user_meta_data from auth.users where id = $1',
      [id],
    );
    expect(rows[0]?.encrypted_password).toMatch(/^\$2[aby]\$10\$/);
    expect(rows[0]?.raw_user_meta_data).toEqual({ username: 'newcomer' });

    const [mail] = await mailsTo(stack, email);
    expect(mail?.subject).toBe('Confirm your GuapCoin Forum account');
    expect(mail?.links[0]).toMatch(
      new RegExp(`^${stack.url}/auth/v1/verify\\?token=[0-9a-f]+&type=signup&redirect_to=`),
    );
    expect(mail?.text).toContain(mail?.links[0]);
  });

  test('the link confirms the email, redirects 303 with a session in the fragment, and sign-in then works', async () => {
    const client = stack.anon();
    const { email, password, id } = await signUpUnconfirmed(client);
    const before = await client.auth.signInWithPassword({ email, password });
    expect(before.error?.code).toBe('email_not_confirmed');
    expect(before.error?.message).toBe('Email not confirmed');
    expect(before.error?.status).toBe(400);

    const { status, location } = await follow(await lastLink(stack, email));
    expect(status).toBe(303);
    expect(location.origin + location.pathname).toBe(stack.url + '/');
    const params = fragment(location);
    expect(params.get('type')).toBe('signup');
    expect(params.get('token_type')).toBe('bearer');
    expect(Number(params.get('expires_in'))).toBe(3600);
    expect(Number(params.get('expires_at'))).toBeGreaterThan(Date.now() / 1000);
    expect(params.get('refresh_token')).toBeTruthy();
    expect(claimsOf(params.get('access_token') ?? '').sub).toBe(id);

    const { data, error } = await client.auth.signInWithPassword({ email, password });
    expect(error).toBeNull();
    expect(data.user?.email_confirmed_at).toBeTruthy();

    const again = await follow(await lastLink(stack, email));
    expect(fragment(again.location).get('error_code')).toBe('otp_expired');
  });

  test('a session carries the access-token claims Supabase puts in it', async () => {
    const member = await stack.newMember();
    const { data } = await member.client.auth.getSession();
    const session = data.session;
    expect(session).toMatchObject({ token_type: 'bearer', expires_in: 3600 });
    const claims = claimsOf(session?.access_token ?? '');
    expect(claims).toMatchObject({
      iss: `${stack.url}/auth/v1`,
      sub: member.id,
      aud: 'authenticated',
      role: 'authenticated',
      aal: 'aal1',
      email: member.email,
      phone: '',
      app_metadata: { provider: 'email', providers: ['email'] },
      user_metadata: { username: expect.any(String) },
      is_anonymous: false,
    });
    expect(claims.session_id).toEqual(expect.any(String));
    expect(claims.amr).toEqual([{ method: 'password', timestamp: expect.any(Number) }]);
    expect(Number(claims.exp) - Number(claims.iat)).toBe(3600);
  });

  test('a bad or tampered link redirects with otp_expired instead of a session', async () => {
    const { status, location } = await follow(`${stack.url}/auth/v1/verify?token=deadbeef&type=signup`);
    expect(status).toBe(303);
    const params = fragment(location);
    expect(params.get('error')).toBe('access_denied');
    expect(params.get('error_code')).toBe('otp_expired');
    expect(params.get('error_description')).toBeTruthy();
    expect(params.get('access_token')).toBeNull();
  });

  test('the code in the mail verifies through POST /verify as well', async () => {
    const client = stack.anon();
    const { email, id } = await signUpUnconfirmed(client);
    const [mail] = await mailsTo(stack, email);
    const code = /code: (\d{6})/.exec(mail?.text ?? '')?.[1];
    expect(code).toBeDefined();
    const { data, error } = await client.auth.verifyOtp({ email, token: code ?? '', type: 'email' });
    expect(error).toBeNull();
    expect(data.session?.user.id).toBe(id);
  });

  test('PKCE: the link answers ?code= and the client exchanges it for a session', async () => {
    const { createClient } = await import('@supabase/supabase-js');
    const client = createClient(stack.url, stack.anonKey, {
      auth: { flowType: 'pkce', persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    });
    const { email, id } = await signUpUnconfirmed(client, freshEmail('pkce'), 'correct-horse-7', {
      emailRedirectTo: `${stack.url}/auth`,
    });
    const { status, location } = await follow(await lastLink(stack, email));
    expect(status).toBe(303);
    expect(location.pathname).toBe('/auth');
    const code = location.searchParams.get('code');
    expect(code).toBeTruthy();
    const { data, error } = await client.auth.exchangeCodeForSession(code ?? '');
    expect(error).toBeNull();
    expect(data.session?.user.id).toBe(id);
    const reuse = await client.auth.exchangeCodeForSession(code ?? '');
    expect(reuse.error).not.toBeNull();
  });
});

describe('sign-up of an email that has an account', () => {
  const signUpRaw = async (email: string, username: string) => {
    const res = await fetch(`${stack.url}/auth/v1/signup`, {
      method: 'POST',
      headers: { apikey: stack.anonKey, 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: 'another-pass-9', data: { username } }),
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };
  /** The answer's keys and value types, all the way down: what a caller could tell two answers apart by. */
  const shape = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(shape);
    if (typeof value === 'object' && value !== null) {
      return Object.fromEntries(Object.keys(value).map((k) => [k, shape((value as Record<string, unknown>)[k])]));
    }
    return typeof value;
  };
  const accountRow = async (email: string) =>
    (
      await stack.db.query<{ n: number; password: string; meta: unknown }>(
        `select count(*)::int as n, max(encrypted_password) as password, max(raw_user_meta_data::text) as meta
           from auth.users where lower(email) = lower($1)`,
        [email],
      )
    ).rows[0];

  test('a registered email answers as a new one would, changes nothing, and mails its owner', async () => {
    const owner = await stack.newMember();
    const before = await accountRow(owner.email);
    const fresh = await signUpRaw(freshEmail('brandnew'), 'brandnew');
    const taken = await signUpRaw(owner.email.toUpperCase(), 'intruder');

    expect(taken.status).toBe(200);
    expect(fresh.status).toBe(200);
    expect(shape(taken.body)).toEqual(shape(fresh.body));
    expect(taken.body).toMatchObject({ email: owner.email.toLowerCase(), user_metadata: { username: 'intruder' } });
    expect(taken.body.id).not.toBe(owner.id);
    expect(taken.body.email_confirmed_at).toBeUndefined();
    expect(taken.body.last_sign_in_at).toBeUndefined();
    expect(taken.body.identities).toHaveLength(1);

    expect(await accountRow(owner.email)).toEqual(before);
    // The owner's password still works: sign-in throws otherwise.
    await stack.signIn(owner.email, owner.password);
    const [mail] = await mailsTo(stack, owner.email);
    expect(mail?.subject).toBe('Someone tried to sign up with your GuapCoin Forum email');
    expect(mail?.text).toContain('nothing was changed');
    expect(mail?.links).toEqual([stack.url, `${stack.url}/reset-password`]);
  });

  test('supabase-js sees no error and no session, as for a new email', async () => {
    const owner = await stack.newMember();
    const { data, error } = await stack.anon().auth.signUp({ email: owner.email, password: 'another-pass-9' });
    expect(error).toBeNull();
    expect(data.session).toBeNull();
    expect(data.user?.email).toBe(owner.email.toLowerCase());
  });

  test('an unconfirmed email gets its confirmation mail again, and its account is left as it was', async () => {
    const first = await signUpUnconfirmed(stack.anon());
    const before = await accountRow(first.email);
    const again = await signUpRaw(first.email, 'someone-else');
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(first.id);
    expect(await accountRow(first.email)).toEqual(before);
    const mails = await mailsTo(stack, first.email);
    expect(mails.map((m) => m.subject)).toEqual([
      'Confirm your GuapCoin Forum account',
      'Confirm your GuapCoin Forum account',
    ]);
  });
});

describe('sign-up refusals', () => {
  test('a password under 6 characters is 422 weak_password with its reasons', async () => {
    const { error } = await stack.anon().auth.signUp({ email: freshEmail(), password: '12345' });
    expect(error).toBeInstanceOf(AuthWeakPasswordError);
    expect(error?.status).toBe(422);
    expect(error?.code).toBe('weak_password');
    expect((error as AuthWeakPasswordError).reasons).toEqual(['length']);
  });

  test('an invalid email is 400 validation_failed, and nothing is stored or mailed', async () => {
    const { error } = await stack.anon().auth.signUp({ email: 'not-an-email', password: 'correct-horse-7' });
    expect(error?.status).toBe(400);
    expect(error?.code).toBe('validation_failed');
    expect(await mailsTo(stack, 'not-an-email')).toEqual([]);
  });
});

describe('sign-in refusals', () => {
  test('a wrong password and an unknown email answer the same invalid_credentials', async () => {
    const member = await stack.newMember();
    const wrong = await stack.anon().auth.signInWithPassword({ email: member.email, password: 'wrong-password' });
    const unknown = await stack.anon().auth.signInWithPassword({ email: freshEmail(), password: 'wrong-password' });
    for (const { error, data } of [wrong, unknown]) {
      expect(data.session).toBeNull();
      expect(error?.status).toBe(400);
      expect(error?.code).toBe('invalid_credentials');
      expect(error?.message).toBe('Invalid login credentials');
    }
  });

  test('a banned user cannot sign in', async () => {
    const member = await stack.newMember();
    await stack.db.query("update auth.users set banned_until = now() + interval '1 day' where id = $1", [member.id]);
    const { error } = await stack.anon().auth.signInWithPassword({ email: member.email, password: member.password });
    expect(error?.status).toBe(400);
    expect(error?.code).toBe('user_banned');
  });
});

describe('open-redirect guard', () => {
  test('a foreign redirect falls back to the site; a relative one stays on it', async () => {
    const foreign = await signUpUnconfirmed(stack.anon(), freshEmail('redir'), 'correct-horse-7', {
      emailRedirectTo: 'https://evil.example/steal',
    });
    const link = new URL(await lastLink(stack, foreign.email));
    expect(new URL(link.searchParams.get('redirect_to') ?? '').origin).toBe(stack.url);

    const direct = await follow(
      `${stack.url}/auth/v1/verify?token=nope&type=signup&redirect_to=https://evil.example/x`,
    );
    expect(direct.location.origin).toBe(stack.url);
    const sneaky = await follow(`${stack.url}/auth/v1/verify?token=nope&type=signup&redirect_to=//evil.example/x`);
    expect(sneaky.location.origin).toBe(stack.url);
    const relative = await follow(`${stack.url}/auth/v1/verify?token=nope&type=signup&redirect_to=/reset-password`);
    expect(relative.location.origin + relative.location.pathname).toBe(`${stack.url}/reset-password`);
  });
});
