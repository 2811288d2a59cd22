// link-wallet through the local stack's /functions/v1, as the app invokes it: a member signed in by email links a
// wallet with a signed Sign-In with Ethereum message, and that wallet's sign-in then reaches the same account; a
// replayed nonce, a message for another site and a wallet of another account are refused; unlinking the only way
// in is refused and changes nothing, and unlinking while the email and password remain succeeds.
import type { SupabaseClient } from '@supabase/supabase-js';
import { Wallet, type HDNodeWallet } from 'ethers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localhostUrl, newNonce, signedBody, signInWithWallet } from './siwe-helpers.ts';
import { invokeFunction } from './support/invokeFunction.ts';
import { startTestStack, type TestStack } from './stack.ts';

let stack: TestStack;

beforeAll(async () => {
  stack = await startTestStack({ seed: false });
});
afterAll(async () => {
  await stack?.close();
});

const invoke = (client: SupabaseClient, body: unknown) => invokeFunction(client, 'link-wallet', body);

async function linkBody(wallet: HDNodeWallet, uri = localhostUrl(stack, '/settings')) {
  const { message, signature } = await signedBody(wallet, {
    domain: new URL(uri).host,
    uri,
    nonce: await newNonce(stack),
    expirationTime: new Date(Date.now() + 10 * 60_000),
  });
  return { message, signature };
}

const walletIdentities = async (userId: string) =>
  (
    await stack.db.query<{ provider_id: string }>(
      "select provider_id from auth.identities where user_id = $1 and provider = 'web3' order by provider_id",
      [userId],
    )
  ).rows.map((row) => row.provider_id);

describe('link-wallet', () => {
  it('links the wallet, whose sign-in then reaches the same account, and a replayed nonce is refused', async () => {
    const member = await stack.newMember();
    const wallet = Wallet.createRandom();
    const body = await linkBody(wallet);
    expect(await invoke(member.client, body)).toEqual({
      status: 200,
      body: { linked: true, address: wallet.address.toLowerCase() },
    });
    expect(await walletIdentities(member.id)).toEqual([`web3:ethereum:${wallet.address.toLowerCase()}`]);

    const replay = await invoke(member.client, body);
    expect(replay.status).toBe(409);
    expect(replay.body).toEqual({ error: expect.stringMatching(/nonce was already used/) });

    const { data, error } = await signInWithWallet(stack.anon(), stack, wallet);
    expect(error).toBeNull();
    expect(data.user?.id).toBe(member.id);
    expect(data.user?.identities?.map((i) => i.provider).sort()).toEqual(['email', 'web3']);
    const { rows } = await stack.db.query<{ wallet_address: string; wallet_verified: boolean }>(
      'select wallet_address, wallet_verified from public.profiles where id = $1',
      [member.id],
    );
    expect(rows[0]).toEqual({ wallet_address: wallet.address, wallet_verified: true });
  });

  it('refuses a message for another site and a wallet that signs in to another account, linking nothing', async () => {
    const member = await stack.newMember();
    const wallet = Wallet.createRandom();
    const elsewhere = await invoke(member.client, await linkBody(wallet, 'https://phish.example/settings'));
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.body).toEqual({ error: expect.stringMatching(/not allowed on this server/) });

    const taken = Wallet.createRandom();
    const { data } = await signInWithWallet(stack.anon(), stack, taken);
    const other = await invoke(member.client, await linkBody(taken));
    expect(other).toEqual({ status: 409, body: { error: 'This wallet already signs in to another account' } });
    expect(await walletIdentities(member.id)).toEqual([]);
    expect(await walletIdentities(data.user!.id)).toEqual([`web3:ethereum:${taken.address.toLowerCase()}`]);

    const visitor = await invoke(stack.anon(), await linkBody(wallet));
    expect(visitor.status).toBe(401);
  });

  it('refuses to unlink a wallet-only account’s only way in, and changes nothing', async () => {
    const wallet = Wallet.createRandom();
    const client = stack.anon();
    const { data } = await signInWithWallet(client, stack, wallet);
    const subject = `web3:ethereum:${wallet.address.toLowerCase()}`;
    expect(await invoke(client, { unlink: wallet.address })).toEqual({
      status: 409,
      body: { error: 'This wallet is your only way in. Set a password or link another wallet before unlinking it.' },
    });
    expect(await walletIdentities(data.user!.id)).toEqual([subject]);
    const again = await signInWithWallet(stack.anon(), stack, wallet);
    expect(again.data.user?.id).toBe(data.user?.id);
  });

  it('unlinks a linked wallet while the email and password remain; its next sign-in makes a new account', async () => {
    const member = await stack.newMember();
    const wallet = Wallet.createRandom();
    expect((await invoke(member.client, await linkBody(wallet))).status).toBe(200);
    expect(await invoke(member.client, { unlink: wallet.address })).toEqual({ status: 200, body: { unlinked: true } });
    expect(await walletIdentities(member.id)).toEqual([]);
    expect((await invoke(member.client, { unlink: wallet.address })).status).toBe(404);
    const { data } = await signInWithWallet(stack.anon(), stack, wallet);
    expect(data.user?.id).not.toBe(member.id);
  });

  it('answers a malformed body with a 400', async () => {
    const member = await stack.newMember();
    expect((await invoke(member.client, { message: 'hello', signature: '0x12' })).status).toBe(400);
    expect((await invoke(member.client, { unlink: 'not an address' })).status).toBe(400);
  });
});
