// verify-wallet through the local stack's /functions/v1, as the app invokes it: a real ethers wallet signs a Sign-In
// with Ethereum message for the forum (its domain and URI, chain, a nonce from siwe_nonce(), an expiry), which proves
// the profile's address. A message for another site or chain, without an expiry or expired, signed by another key,
// naming another address or with a spent nonce is refused with a 4xx and changes nothing.
import type { SupabaseClient } from '@supabase/supabase-js';
import { Wallet, type HDNodeWallet } from 'ethers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbRow } from './members.ts';
import { localhostUrl, newNonce, signedBody, siweMessage, type MessageParts } from './siwe-helpers.ts';
import { invokeFunction } from './support/invokeFunction.ts';
import { startTestStack, type TestStack } from './stack.ts';

const CHAIN_ID = 71111;
const MINUTE = 60_000;

let stack: TestStack;
type Member = Awaited<ReturnType<TestStack['newMember']>>;

beforeAll(async () => {
  stack = await startTestStack({ seed: false, wallet: { chainId: String(CHAIN_ID) } });
});
afterAll(async () => {
  await stack?.close();
});

const invoke = (client: SupabaseClient, body: unknown) => invokeFunction(client, 'verify-wallet', body);

/** A member whose profile holds a fresh wallet's address, and that wallet. */
async function memberWithWallet(): Promise<{ member: Member; wallet: HDNodeWallet }> {
  const member = await stack.newMember();
  const wallet = Wallet.createRandom();
  const { error } = await member.client.from('profiles').update({ wallet_address: wallet.address }).eq('id', member.id);
  if (error) throw new Error(error.message);
  return { member, wallet };
}

/** The message the app has the wallet sign on Verify, with any part changed. */
async function proofBy(wallet: HDNodeWallet, change: Partial<MessageParts> = {}) {
  const uri = change.uri ?? localhostUrl(stack, '/profile');
  return signedBody(wallet, {
    domain: new URL(uri).host,
    uri,
    chainId: CHAIN_ID,
    nonce: await newNonce(stack),
    statement: 'Verify that this wallet holds the address on your GuapCoin Forum profile.',
    expirationTime: new Date(Date.now() + 10 * MINUTE),
    ...change,
  });
}

const nonceOf = (message: string) => /\nNonce: (\w+)\n/.exec(message)![1]!;

const nonceSpent = async (message: string) =>
  (await dbRow<{ used_at: Date | null }>(stack, 'select used_at from public.siwe_nonces where nonce = $1', [
    nonceOf(message),
  ]))!.used_at !== null;

const verified = async (id: string) =>
  (await dbRow<{ wallet_verified: boolean }>(stack, 'select wallet_verified from public.profiles where id = $1', [id]))!
    .wallet_verified;

describe('verify-wallet', () => {
  it('proves the profile’s address with a well-formed message, spending its nonce: a replay is refused', async () => {
    const { member, wallet } = await memberWithWallet();
    const proof = await proofBy(wallet);
    expect(await invoke(member.client, proof)).toEqual({
      status: 200,
      body: { verified: true, address: wallet.address },
    });
    expect(await verified(member.id)).toBe(true);
    expect(await nonceSpent(proof.message)).toBe(true);
    const read = await stack.anon().from('profiles').select('wallet_verified').eq('id', member.id);
    expect(read.data).toEqual([{ wallet_verified: true }]);

    expect(await invoke(member.client, proof)).toEqual({
      status: 409,
      body: { error: 'This message’s nonce was already used or has expired. Sign a new message.' },
    });
  });

  it('refuses a replayed nonce (one a sign-in spent) with 409, changing nothing', async () => {
    const { member, wallet } = await memberWithWallet();
    const proof = await proofBy(wallet);
    expect((await stack.service().rpc('take_siwe_nonce', { p_nonce: nonceOf(proof.message) })).data).toBe(true);
    expect(await invoke(member.client, proof)).toEqual({
      status: 409,
      body: { error: 'This message’s nonce was already used or has expired. Sign a new message.' },
    });
    expect(await verified(member.id)).toBe(false);
  });

  it('refuses a message for another site, chain or time, or signed by another key, with 400, changing nothing', async () => {
    const { member, wallet } = await memberWithWallet();
    const forger = Wallet.createRandom();
    const byForger = await proofBy(wallet);
    const cases: [string, { message: string; signature: string }, string][] = [
      [
        'another domain',
        await proofBy(wallet, { uri: 'https://guapcoin-forum.example.net/profile' }),
        'Signed Ethereum message is using URI which is not allowed on this server, message was signed for another app',
      ],
      [
        'a domain that is not its URI’s',
        await proofBy(wallet, { domain: 'guapcoin-forum.example.net' }),
        'Signed Ethereum message is using a Domain that does not match the one in URI which is not allowed on this server',
      ],
      [
        'another chain',
        await proofBy(wallet, { chainId: 1 }),
        `Signed Ethereum message is for chain 1, but this forum's chain is ${CHAIN_ID}`,
      ],
      [
        'an expired message',
        await proofBy(wallet, {
          issuedAt: new Date(Date.now() - 5 * MINUTE),
          expirationTime: new Date(Date.now() - MINUTE),
        }),
        'Signed Ethereum message is expired',
      ],
      [
        'a message issued 11 minutes ago',
        await proofBy(wallet, { issuedAt: new Date(Date.now() - 11 * MINUTE) }),
        'Ethereum message was issued too long ago',
      ],
      [
        'a message without an Expiration Time',
        await proofBy(wallet, { expirationTime: undefined }),
        'Signed Ethereum message has no Expiration Time',
      ],
      [
        'a signature by another key',
        { message: byForger.message, signature: await forger.signMessage(byForger.message) },
        'Signature does not match address in message',
      ],
    ];
    for (const [what, proof, error] of cases) {
      expect([what, await invoke(member.client, proof)]).toEqual([what, { status: 400, body: { error } }]);
      expect([what, await nonceSpent(proof.message)]).toEqual([what, false]);
    }
    expect(await verified(member.id)).toBe(false);
    // The genuine signature of the message the forger tried still proves the address: the refusal spent nothing.
    expect((await invoke(member.client, byForger)).status).toBe(200);
  });

  it('refuses a proof of an address the profile does not hold (409, naming both), until it is saved', async () => {
    const { member, wallet } = await memberWithWallet();
    const unsaved = Wallet.createRandom();
    const first = await proofBy(unsaved);
    expect(await invoke(member.client, first)).toEqual({
      status: 409,
      body: {
        error: `Your wallet signed with ${unsaved.address}, but your profile holds ${wallet.address}. Select ${wallet.address} in your wallet, then Verify again.`,
      },
    });
    expect(await verified(member.id)).toBe(false);
    expect(await nonceSpent(first.message)).toBe(false);
    await member.client.from('profiles').update({ wallet_address: unsaved.address }).eq('id', member.id);
    expect((await invoke(member.client, first)).status).toBe(200);
    expect(await verified(member.id)).toBe(true);
  });

  it('answers malformed bodies with 400 and a clear message, never a 5xx, spending nothing', async () => {
    const { member, wallet } = await memberWithWallet();
    const { message, signature } = await proofBy(wallet);
    const cases: [unknown, string][] = [
      [{ signature }, 'message must be the Sign-In with Ethereum message your wallet signed'],
      [{ message: 'x'.repeat(21 * 1024), signature }, 'message must not exceed 20KB'],
      [{ message }, 'signature must be the wallet’s signature of the message'],
      [{ message, signature: 'zz' }, 'signature must be 0x followed by 130 hexadecimal digits'],
      [{ message: 'hello', signature }, 'message is too short'],
      [
        {
          message: siweMessage({ domain: 'x', address: wallet.address, uri: 'http://localhost/', nonce: 'n' }),
          signature,
        },
        'siwe: domain in first line of message is not valid',
      ],
      [[message, signature], 'The body must be a JSON object: {message, signature}'],
      ['just text', 'The body must be JSON: {message, signature}'],
    ];
    for (const [body, error] of cases) {
      expect([body, await invoke(member.client, body)]).toEqual([body, { status: 400, body: { error } }]);
    }
    expect(await verified(member.id)).toBe(false);
    expect(await nonceSpent(message)).toBe(false);
    expect((await invoke(member.client, { message, signature })).status).toBe(200);
  });

  it('refuses a visitor (401): the anon key is a valid JWT but names no member', async () => {
    const proof = await proofBy(Wallet.createRandom());
    expect(await invoke(stack.anon(), proof)).toEqual({ status: 401, body: { error: 'Sign in to verify a wallet' } });
    expect(await nonceSpent(proof.message)).toBe(false);
  });
});
