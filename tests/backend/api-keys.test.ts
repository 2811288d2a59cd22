// The new API keys on a stack whose legacy keys are off (LEGACY_API_KEYS=off) and whose secret key is set, as a
// hosted project that has moved to them: the app's publishable key signs in, reads, writes, invokes the functions and
// listens live; the secret key runs the service role's work; a legacy key, a secret key from a browser and an unknown
// key are refused with hosted's API gateway's 401.
import { randomUUID } from 'node:crypto';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { Wallet } from 'ethers';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHandler as verifyWallet } from '../../supabase/functions/verify-wallet/handler.ts';
import type { StoredMail } from '../../supabase/local/mail.ts';
import { REALTIME_PATH } from '../../supabase/local/realtime/realtimeServer.ts';
import { makeThread, type TestMember } from './members.ts';
import { localhostUrl, signedBody } from './siwe-helpers.ts';
import { startTestStack, type TestStack } from './stack.ts';
import { invokeFunction } from './support/invokeFunction.ts';
import { postReply } from './support/notifications.ts';
import { waitFor } from './support/waitFor.ts';

const SECRET_KEY = 'sb_secret_backendTestsOnly_x7Qm2Lp9Vr4K';
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36';

let stack: TestStack;
const clients: SupabaseClient[] = [];

beforeAll(async () => {
  stack = await startTestStack({
    seed: false,
    sendNotifications: true,
    apiKeys: { secretKey: SECRET_KEY, legacyKeys: false },
  });
  await stack.db.query(`insert into public.categories (name, slug, type) values ('General', 'general', 'guapcoin')`);
});
afterAll(async () => {
  for (const client of clients) await client.removeAllChannels();
  await stack?.close();
});

function clientWith(key: string): SupabaseClient {
  const client = createClient(stack.url, key, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
  });
  clients.push(client);
  return client;
}

let counter = 0;
/** Signs up and in through the auth service with the publishable key, as the app does. */
async function member(): Promise<TestMember> {
  counter += 1;
  const username = `keys${counter}${randomUUID().slice(0, 4)}`;
  const email = `${username}@example.test`;
  const password = 'correct-horse-7';
  const signUp = clientWith(stack.publishableKey).auth.signUp({ email, password, options: { data: { username } } });
  const { data, error } = await signUp;
  expect(error).toBeNull();
  await stack.db.query('update auth.users set email_confirmed_at = now() where id = $1', [data.user!.id]);
  const client = clientWith(stack.publishableKey);
  const signIn = await client.auth.signInWithPassword({ email, password });
  expect(signIn.error).toBeNull();
  return { client, id: data.user!.id, email, username };
}

const restHeaders = (key: string, more: Record<string, string> = {}) => ({
  apikey: key,
  authorization: `Bearer ${key}`,
  ...more,
});

describe('with the legacy keys off, the publishable and secret keys', () => {
  it('sign a member up and in, and read and write through REST as the anon, authenticated and service roles', async () => {
    const alice = await member();
    const threadId = await makeThread(stack, alice.id, { title: 'Keys for everyone' });
    const read = await clientWith(stack.publishableKey).from('threads').select('title').eq('id', threadId);
    expect(read).toMatchObject({ error: null, data: [{ title: 'Keys for everyone' }] });
    const postId = await postReply(alice, threadId, 'Written with the publishable key.');
    expect(await stack.db.query('select author_id from public.posts where id = $1', [postId])).toMatchObject({
      rows: [{ author_id: alice.id }],
    });
    // Only the service role may read another member's email in auth's admin API.
    const admin = await clientWith(SECRET_KEY).auth.admin.getUserById(alice.id);
    expect(admin.error).toBeNull();
    expect(admin.data.user?.email).toBe(alice.email);
    const refused = await alice.client.auth.admin.getUserById(alice.id);
    expect(refused.error?.status).toBe(403);
  });

  it('verify a wallet: the member who presses Verify gets it verified, not "Sign in to verify a wallet"', async () => {
    const bob = await member();
    const wallet = Wallet.createRandom();
    const saved = await bob.client.from('profiles').update({ wallet_address: wallet.address }).eq('id', bob.id);
    expect(saved.error).toBeNull();
    const uri = localhostUrl(stack, '/profile');
    const expirationTime = new Date(Date.now() + 10 * 60_000);
    const { data: nonce } = await bob.client.rpc('siwe_nonce');
    const proof = await signedBody(wallet, { domain: new URL(uri).host, uri, nonce, expirationTime });
    expect(await invokeFunction(bob.client, 'verify-wallet', proof)).toEqual({
      status: 200,
      body: { verified: true, address: wallet.address },
    });
    const visitor = await invokeFunction(clientWith(stack.publishableKey), 'verify-wallet', proof);
    expect(visitor).toEqual({ status: 401, body: { error: 'Sign in to verify a wallet' } });
  });

  it('check tips: a member asks about one, and the secret key runs the scheduled check of the due ones', async () => {
    const carol = await member();
    expect(await invokeFunction(carol.client, 'check-tip', { tip_id: randomUUID() })).toEqual({
      status: 404,
      body: { error: 'No such tip' },
    });
    expect(await invokeFunction(carol.client, 'check-tip', { due: true })).toEqual({
      status: 403,
      body: { error: 'Only the service role may check the due tips' },
    });
    expect(await invokeFunction(clientWith(SECRET_KEY), 'check-tip', { due: true })).toEqual({
      status: 200,
      body: { checked: 0, confirmed: 0, failed: 0, unanswered: 0, removed: 0 },
    });
  });

  it('send notifications: a reply is mailed by the sender the stack runs with the secret key', async () => {
    const [author, replier] = [await member(), await member()];
    const threadId = await makeThread(stack, author.id, { title: 'Mailed with the new keys' });
    await postReply(replier, threadId, 'A reply to be mailed.');
    const mails = await waitFor(
      async () =>
        (await (
          await fetch(`${stack.url}/local/v1/mail?to=${encodeURIComponent(author.email)}`)
        ).json()) as StoredMail[],
      (found) => found.some((mail) => mail.subject.includes('Mailed with the new keys')),
      'the reply mailed',
    );
    expect(mails.map((mail) => mail.subject)).toContain(
      `${replier.username} replied in “Mailed with the new keys” · GuapCoin Forum`,
    );
    expect((await invokeFunction(author.client, 'send-notifications', {})).status).toBe(403);
    expect(await invokeFunction(clientWith(SECRET_KEY), 'send-notifications', {})).toMatchObject({ status: 200 });
  });

  it('listen live: a visitor with the publishable key and a signed-in member both get the pokes of a reply', async () => {
    const dave = await member();
    const threadId = await makeThread(stack, dave.id);
    const pokes: unknown[][] = [];
    for (const client of [clientWith(stack.publishableKey), dave.client]) {
      const got: unknown[] = [];
      pokes.push(got);
      const channel = client.channel('forum').on('broadcast', { event: 'changed' }, ({ payload }) => got.push(payload));
      await new Promise<void>((resolve, reject) =>
        channel.subscribe((status, error) => (status === 'SUBSCRIBED' ? resolve() : reject(error ?? status))),
      );
    }
    await postReply(dave, threadId, 'Live with the new keys.');
    await waitFor(
      async () => pokes.map((got) => got.length),
      (counts) => counts.every((n) => n > 0),
      'a poke on each socket',
    );
  });
});

/** A raw request, so a test sees the gateway's status, body and sb-error-code. */
async function gateway(path: string, headers: Record<string, string>, init: RequestInit = {}) {
  const res = await fetch(`${stack.url}${path}`, { ...init, headers: { ...headers, ...init.headers } });
  return {
    status: res.status,
    code: res.headers.get('sb-error-code'),
    body: (await res.json()) as { message: string },
  };
}

/** The status a websocket upgrade is refused with, or 101 when it opens. */
function upgradeStatus(apikey: string, headers: Record<string, string> = {}): Promise<number> {
  const socket = new WebSocket(`${stack.url.replace('http', 'ws')}${REALTIME_PATH}?apikey=${apikey}&vsn=1.0.0`, {
    headers,
  });
  return new Promise((resolve, reject) => {
    socket.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
    socket.on('open', () => {
      socket.close();
      resolve(101);
    });
    socket.on('error', reject);
  });
}

describe('the API gateway refuses', () => {
  const legacy = {
    status: 401,
    code: 'UNAUTHORIZED_LEGACY_API_KEY',
    body: { message: 'Legacy API keys are disabled' },
  };

  it('the legacy anon and service_role keys, on every service, as hosted does once they are off', async () => {
    for (const key of [stack.anonKey, stack.serviceKey]) {
      expect(await gateway('/rest/v1/threads?select=id', restHeaders(key))).toMatchObject(legacy);
      expect(await gateway('/storage/v1/bucket', restHeaders(key))).toMatchObject(legacy);
      const signIn = { method: 'POST', body: JSON.stringify({ email: 'a@example.test', password: 'x' }) };
      expect(await gateway('/auth/v1/token?grant_type=password', { apikey: key }, signIn)).toMatchObject(legacy);
      const invoke = { method: 'POST', body: '{}' };
      expect(await gateway('/functions/v1/send-notifications', restHeaders(key), invoke)).toMatchObject(legacy);
      expect(await upgradeStatus(key)).toBe(401);
    }
    expect(await upgradeStatus(stack.publishableKey)).toBe(101);
  });

  it('a secret key from a browser, and a key of another project; the secret key itself works from a server', async () => {
    expect(await gateway('/rest/v1/threads?select=id', restHeaders(SECRET_KEY, { 'user-agent': BROWSER }))).toEqual({
      status: 401,
      code: 'UNAUTHORIZED_INVALID_API_KEY_TYPE',
      body: {
        message: 'Forbidden use of secret API key in browser',
        hint: expect.stringContaining('should never be used in a browser') as string,
      },
    });
    expect(await upgradeStatus(SECRET_KEY, { 'user-agent': BROWSER })).toBe(401);
    const other = 'sb_publishable_AnotherProjectsKey00_abcdefgh';
    expect(await gateway('/rest/v1/threads?select=id', restHeaders(other))).toMatchObject({
      status: 401,
      code: 'UNAUTHORIZED_INVALID_API_KEY',
      body: { message: 'Invalid API key' },
    });
    const server = await fetch(`${stack.url}/rest/v1/notification_deliveries?select=id`, {
      headers: restHeaders(SECRET_KEY),
    });
    expect(server.status).toBe(200);
  });

  it('a function left on the legacy anon key answers that it is not set up, never "Sign in"', async () => {
    const erin = await member();
    const { data } = await erin.client.auth.getSession();
    const env: Record<string, string> = {
      SUPABASE_URL: stack.url,
      SUPABASE_ANON_KEY: stack.anonKey,
      SUPABASE_SERVICE_ROLE_KEY: stack.serviceKey,
      SITE_URL: stack.url,
    };
    const res = await verifyWallet((name) => env[name])(
      new Request(`${stack.url}/functions/v1/verify-wallet`, {
        method: 'POST',
        headers: { authorization: `Bearer ${data.session!.access_token}`, 'content-type': 'application/json' },
        body: '{}',
      }),
    );
    expect(res.status).toBe(500);
    expect(await res.json()).toEqual({
      error:
        "verify-wallet is not set up: the project refused the function's publishable key (Legacy API keys are disabled)",
    });
  });
});
