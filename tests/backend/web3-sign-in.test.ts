// POST /auth/v1/token?grant_type=web3 against the local stack, through supabase-js's signInWithWeb3 and raw requests:
// hosted GoTrue's checks with its statuses and codes, a nonce spent once, and an expiry that always holds.
import { Wallet } from 'ethers';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { HOSTED_AUTH_RATE_LIMITS } from '../../supabase/local/auth/rateLimits.ts';
import {
  localhostUrl,
  newNonce,
  nodeWallet,
  postWeb3,
  signedBody,
  signInWithWallet,
  siweMessage,
} from './siwe-helpers.ts';
import { startTestStack, type TestStack } from './stack.ts';

const MINUTE = 60_000;
const sessionCount = async (stack: TestStack) =>
  (await stack.db.query<{ n: number }>('select count(*)::int as n from auth.sessions')).rows[0]?.n;

describe('sign-in with a wallet', () => {
  let stack: TestStack;
  const holder = Wallet.createRandom();
  beforeAll(async () => {
    stack = await startTestStack({ seed: false });
  });
  afterAll(() => stack.close());

  test('a signed message makes an account with the web3 identity, and the same wallet signs into it again', async () => {
    const client = stack.anon();
    const { data, error } = await signInWithWallet(client, stack, holder);
    expect(error).toBeNull();
    const address = holder.address.toLowerCase();
    expect(data.session?.access_token).toBeTruthy();
    expect(data.user?.identities?.map((i) => [i.provider, i.id])).toEqual([['web3', `web3:ethereum:${address}`]]);
    expect(data.user?.app_metadata.provider).toBe('web3');
    const { data: me } = await client.auth.getUser();
    expect(me.user?.id).toBe(data.user?.id);

    const again = await signInWithWallet(stack.anon(), stack, holder);
    expect(again.error).toBeNull();
    expect(again.data.user?.id).toBe(data.user?.id);

    const other = await signInWithWallet(stack.anon(), stack, Wallet.createRandom());
    expect(other.error).toBeNull();
    expect(other.data.user?.id).not.toBe(data.user?.id);
  });

  test('the wallet that signed in shows as verified on the new profile, in its checksummed form', async () => {
    const fresh = Wallet.createRandom();
    const { data } = await signInWithWallet(stack.anon(), stack, fresh);
    const { rows } = await stack.db.query<{ wallet_address: string; wallet_verified: boolean }>(
      'select wallet_address, wallet_verified from public.profiles where id = $1',
      [data.user?.id],
    );
    expect(rows[0]).toEqual({ wallet_address: fresh.address, wallet_verified: true });
  });

  test('a wallet identity added to an account showing another address leaves that address as it was', async () => {
    const { id } = await stack.newMember();
    const shown = Wallet.createRandom().address;
    await stack.db.query('update public.profiles set wallet_address = $2 where id = $1', [id, shown]);
    const other = Wallet.createRandom().address.toLowerCase();
    await stack.db.query(
      `insert into auth.identities (provider_id, user_id, identity_data, provider)
       values ($1, $2, jsonb_build_object('sub', $1::text, 'address', $3::text), 'web3')`,
      [`web3:ethereum:${other}`, id, other],
    );
    const { rows } = await stack.db.query<{ wallet_address: string; wallet_verified: boolean }>(
      'select wallet_address, wallet_verified from public.profiles where id = $1',
      [id],
    );
    expect(rows[0]).toEqual({ wallet_address: shown, wallet_verified: false });
  });

  describe('refused with hosted GoTrue status and code, and no session', () => {
    const uri = () => localhostUrl(stack);
    const domain = () => new URL(uri()).host;
    const refusals: [string, () => Promise<Record<string, unknown>>, number, Record<string, unknown>][] = [
      [
        'a domain other than the URI host',
        async () =>
          signedBody(holder, {
            domain: 'phish.example',
            uri: stack.url.replace('http:', 'https:') + '/',
            nonce: await newNonce(stack),
          }),
        400,
        { error: 'invalid_grant', error_description: expect.stringContaining('Domain that does not match') },
      ],
      [
        'a URI the site does not allow',
        async () =>
          signedBody(holder, { domain: 'other.example', uri: 'https://other.example/', nonce: await newNonce(stack) }),
        400,
        { error: 'invalid_grant', error_description: expect.stringContaining('not allowed on this server') },
      ],
      [
        'a URI without https on a host other than localhost',
        async () =>
          signedBody(holder, { domain: 'forum.example', uri: 'http://forum.example/', nonce: await newNonce(stack) }),
        400,
        { error: 'invalid_grant', error_description: expect.stringContaining('does not use HTTPS') },
      ],
      [
        'a message issued 11 minutes ago',
        async () =>
          signedBody(holder, {
            domain: domain(),
            uri: uri(),
            nonce: await newNonce(stack),
            issuedAt: new Date(Date.now() - 11 * MINUTE),
          }),
        400,
        { error: 'invalid_grant', error_description: 'Ethereum message was issued too long ago' },
      ],
      [
        'an expired message without Not Before (GoTrue would take it)',
        async () =>
          signedBody(holder, {
            domain: domain(),
            uri: uri(),
            nonce: await newNonce(stack),
            issuedAt: new Date(Date.now() - 2 * MINUTE),
            expirationTime: new Date(Date.now() - MINUTE),
          }),
        400,
        { error: 'invalid_grant', error_description: 'Signed Ethereum message is expired' },
      ],
      [
        'a message valid only later',
        async () =>
          signedBody(holder, {
            domain: domain(),
            uri: uri(),
            nonce: await newNonce(stack),
            notBefore: new Date(Date.now() + 5 * MINUTE),
          }),
        400,
        { error: 'invalid_grant', error_description: 'Signed Ethereum message becomes valid in the future' },
      ],
      [
        'a signature by another key',
        async () => {
          const message = siweMessage({
            domain: domain(),
            uri: uri(),
            nonce: await newNonce(stack),
            address: holder.address,
          });
          return { chain: 'ethereum', message, signature: await Wallet.createRandom().signMessage(message) };
        },
        400,
        { error: 'invalid_grant', error_description: 'Signature does not match address in message' },
      ],
      [
        'a nonce the forum never issued',
        async () => signedBody(holder, { domain: domain(), uri: uri(), nonce: 'madeup12345678' }),
        400,
        { error: 'invalid_grant', error_description: expect.stringContaining('nonce') },
      ],
      [
        'a malformed message',
        async () => ({ chain: 'ethereum', message: 'hello '.repeat(20), signature: await holder.signMessage('hello') }),
        400,
        { code: 400, error_code: 'validation_failed', msg: 'siwe: message needs at least 6 lines' },
      ],
      [
        'a message over 20 KB',
        async () => {
          const message = siweMessage({
            domain: domain(),
            uri: uri(),
            nonce: await newNonce(stack),
            address: holder.address,
            statement: 'x'.repeat(21 * 1024),
          });
          return { chain: 'ethereum', message, signature: await holder.signMessage(message) };
        },
        400,
        { code: 400, error_code: 'validation_failed', msg: 'message must not exceed 20KB' },
      ],
      [
        'a signature that is not hex',
        async () =>
          signedBody(holder, { domain: domain(), uri: uri(), nonce: await newNonce(stack) }).then((b) => ({
            ...b,
            signature: 'z'.repeat(132),
          })),
        400,
        { code: 400, error_code: 'validation_failed', msg: expect.stringContaining('130 character-long') },
      ],
      [
        'another chain',
        async () => ({
          ...(await signedBody(holder, { domain: domain(), uri: uri(), nonce: await newNonce(stack) })),
          chain: 'bitcoin',
        }),
        400,
        { code: 400, error_code: 'web3_unsupported_chain', msg: 'Unsupported chain' },
      ],
    ];
    test.each(refusals)('%s', async (_name, body, status, expected) => {
      const before = await sessionCount(stack);
      const res = await postWeb3(stack, await body());
      expect(res.status).toBe(status);
      expect(res.body).toEqual(expected);
      expect(await sessionCount(stack)).toBe(before);
    });

    test('a replayed message and signature: the nonce is spent', async () => {
      const body = await signedBody(holder, { domain: domain(), uri: uri(), nonce: await newNonce(stack) });
      expect((await postWeb3(stack, body)).status).toBe(200);
      const before = await sessionCount(stack);
      const replay = await postWeb3(stack, body);
      expect(replay.status).toBe(400);
      expect(replay.body).toEqual({
        error: 'invalid_grant',
        error_description: expect.stringContaining('already used'),
      });
      expect(await sessionCount(stack)).toBe(before);
    });

    test('through supabase-js: a URL the site does not allow is an error and no session', async () => {
      const client = stack.anon();
      const { data, error } = await client.auth.signInWithWeb3({
        chain: 'ethereum',
        wallet: nodeWallet(holder),
        options: { url: 'https://phish.example/sign-in', signInWithEthereum: { nonce: await newNonce(stack) } },
      });
      expect(error?.status).toBe(400);
      expect(error?.message).toContain('not allowed on this server');
      expect(data.session).toBeNull();
      expect((await client.auth.getSession()).data.session).toBeNull();
    });
  });
});

describe('30 web3 sign-ins per 5 minutes per IP', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack({ seed: false, authRateLimits: HOSTED_AUTH_RATE_LIMITS });
  });
  afterAll(() => stack.close());

  test('the 31st attempt answers 429 over_request_rate_limit, and makes no session', async () => {
    const signer = Wallet.createRandom();
    for (let i = 0; i < 30; i += 1) {
      const res = await postWeb3(stack, { chain: 'ethereum', message: 'too short', signature: '0x' });
      expect(res.status).toBe(400);
    }
    const before = await sessionCount(stack);
    const body = await signedBody(signer, {
      domain: new URL(localhostUrl(stack)).host,
      uri: localhostUrl(stack),
      nonce: await newNonce(stack),
    });
    const limited = await postWeb3(stack, body);
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({
      code: 429,
      error_code: 'over_request_rate_limit',
      msg: 'Request rate limit reached',
    });
    expect(await sessionCount(stack)).toBe(before);
  });
});

describe('the nonces', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack({ seed: false });
  });
  afterAll(() => stack.close());

  test('anyone gets a fresh one; no member reads them or spends one', async () => {
    const [a, b] = [await newNonce(stack), await newNonce(stack)];
    expect(a).toMatch(/^[0-9a-f]{32}$/);
    expect(b).not.toBe(a);
    const { client } = await stack.newMember();
    for (const caller of [stack.anon(), client]) {
      const spend = await caller.rpc('take_siwe_nonce', { p_nonce: a });
      expect(spend.error?.code).toBe('42501');
      const read = await caller.from('siwe_nonces').select('nonce');
      expect(read.error?.code).toBe('42501');
    }
    const { rows } = await stack.db.query<{ used_at: Date | null }>(
      'select used_at from public.siwe_nonces where nonce = $1',
      [a],
    );
    expect(rows[0]?.used_at).toBeNull();
  });
});
