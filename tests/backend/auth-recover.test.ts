import { createClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { follow, fragment, freshEmail, lastLink, mailsTo } from './auth-helpers.ts';
import { startTestStack, type TestStack } from './stack.ts';

let stack: TestStack;
beforeAll(async () => {
  stack = await startTestStack({ migrations: false });
});
afterAll(() => stack.close());

const recoverRaw = (email: string) =>
  fetch(`${stack.url}/auth/v1/recover?redirect_to=${encodeURIComponent(`${stack.url}/reset-password`)}`, {
    method: 'POST',
    headers: { apikey: stack.anonKey, 'content-type': 'application/json' },
    body: JSON.stringify({ email }),
  });

test('password reset: mail, link to a recovery session, new password, sign-in with it', async () => {
  const member = await stack.newMember();
  const { error } = await stack
    .anon()
    .auth.resetPasswordForEmail(member.email, { redirectTo: `${stack.url}/reset-password` });
  expect(error).toBeNull();
  const [mail] = await mailsTo(stack, member.email);
  expect(mail?.subject).toBe('Reset your GuapCoin Forum password');

  const { status, location } = await follow(await lastLink(stack, member.email));
  expect(status).toBe(303);
  expect(location.pathname).toBe('/reset-password');
  const params = fragment(location);
  expect(params.get('type')).toBe('recovery');

  const client = createClient(stack.url, stack.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  });
  const set = await client.auth.setSession({
    access_token: params.get('access_token') ?? '',
    refresh_token: params.get('refresh_token') ?? '',
  });
  expect(set.error).toBeNull();
  expect((await client.auth.updateUser({ password: 'after-reset-42' })).error).toBeNull();

  const old = await stack.anon().auth.signInWithPassword({ email: member.email, password: member.password });
  expect(old.error?.code).toBe('invalid_credentials');
  await expect(stack.signIn(member.email, 'after-reset-42')).resolves.toBeDefined();
  // The link is spent.
  expect(fragment((await follow(await lastLink(stack, member.email))).location).get('error_code')).toBe('otp_expired');
});

test('verifyOtp with the recovery token hash fires PASSWORD_RECOVERY', async () => {
  const member = await stack.newMember();
  await stack.anon().auth.resetPasswordForEmail(member.email);
  const tokenHash = new URL(await lastLink(stack, member.email)).searchParams.get('token') ?? '';
  const client = stack.anon();
  const events: string[] = [];
  client.auth.onAuthStateChange((event) => void events.push(event));
  const { data, error } = await client.auth.verifyOtp({ token_hash: tokenHash, type: 'recovery' });
  expect(error).toBeNull();
  expect(data.session?.user.id).toBe(member.id);
  expect(events).toContain('PASSWORD_RECOVERY');
});

test('recover answers the same for an unknown email as for a known one, and mails nobody', async () => {
  const member = await stack.newMember();
  const known = await recoverRaw(member.email);
  const unknownEmail = freshEmail('nobody');
  const unknown = await recoverRaw(unknownEmail);
  expect(known.status).toBe(200);
  expect(unknown.status).toBe(200);
  expect(await known.json()).toEqual({});
  expect(await unknown.json()).toEqual({});
  expect(await mailsTo(stack, unknownEmail)).toEqual([]);
});

test('recover with an invalid email is a 400, and with invalid JSON a bad_json', async () => {
  expect((await recoverRaw('no-at-sign')).status).toBe(400);
  const res = await fetch(`${stack.url}/auth/v1/recover`, {
    method: 'POST',
    headers: { apikey: stack.anonKey, 'content-type': 'application/json' },
    body: '{',
  });
  expect(res.status).toBe(400);
  expect(await res.json()).toMatchObject({ error_code: 'bad_json' });
});
